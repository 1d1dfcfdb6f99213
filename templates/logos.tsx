/**
 * Brand mark and the footer's partner and payment logos. The names come from the
 * site settings; each logo is a simple SVG wordmark that names itself to assistive
 * technology, so nothing third-party is hot-linked.
 */
const brandMarkPath = 'M9 22V10l7 7 7-7v12';

export function BrandMark() {
  return (
    <svg
      className="brand__mark"
      viewBox="0 0 32 32"
      width="32"
      height="32"
      aria-hidden="true"
      focusable="false"
    >
      <rect width="32" height="32" rx="8" fill="currentColor" />
      <path
        d={brandMarkPath}
        fill="none"
        stroke="#fff"
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** The brand mark as a standalone file: favicon and app icons. */
export function AppIcon({ colour }: { colour: string }) {
  return (
    <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32">
      <rect width="32" height="32" rx="8" fill={colour} />
      <path
        d={brandMarkPath}
        fill="none"
        stroke="#fff"
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function Wordmark({ name, kind }: { name: string; kind: 'partner' | 'payment' }) {
  const width = Math.max(64, name.length * 9 + 24);
  return (
    <svg
      className={`wordmark wordmark--${kind}`}
      viewBox={`0 0 ${width} 32`}
      width={width}
      height="32"
      role="img"
      aria-label={name}
    >
      <rect x="0.5" y="0.5" width={width - 1} height="31" rx="6" fill="#fff" stroke="currentColor" />
      <text
        x={width / 2}
        y="21"
        textAnchor="middle"
        fontFamily="system-ui, sans-serif"
        fontSize="13"
        fontWeight="600"
        fill="currentColor"
      >
        {name}
      </text>
    </svg>
  );
}
