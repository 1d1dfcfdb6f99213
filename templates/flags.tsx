/** Small inline flags for the language buttons; decorative, the button text names the language. */
import type { Language } from '../generator/schema.ts';

function Tricolour({ colours, vertical }: { colours: [string, string, string]; vertical: boolean }) {
  return (
    <svg className="flag" viewBox="0 0 3 2" width="18" height="12" aria-hidden="true" focusable="false">
      {colours.map((colour, index) =>
        vertical ? <rect key={colour} x={index} y="0" width="1" height="2" fill={colour} /> : <rect key={colour} x="0" y={(index * 2) / 3} width="3" height={2 / 3} fill={colour} />,
      )}
    </svg>
  );
}

function UnionFlag() {
  return (
    <svg className="flag" viewBox="0 0 60 40" width="18" height="12" aria-hidden="true" focusable="false">
      <rect width="60" height="40" fill="#012169" />
      <path d="M0,0 60,40 M60,0 0,40" stroke="#fff" strokeWidth="8" />
      <path d="M0,0 60,40 M60,0 0,40" stroke="#C8102E" strokeWidth="3" />
      <path d="M30,0 V40 M0,20 H60" stroke="#fff" strokeWidth="12" />
      <path d="M30,0 V40 M0,20 H60" stroke="#C8102E" strokeWidth="7" />
    </svg>
  );
}

export function Flag({ language }: { language: Language }) {
  switch (language) {
    case 'it':
      return <Tricolour colours={['#009246', '#ffffff', '#ce2b37']} vertical />;
    case 'fr':
      return <Tricolour colours={['#0055a4', '#ffffff', '#ef4135']} vertical />;
    case 'de':
      return <Tricolour colours={['#000000', '#dd0000', '#ffce00']} vertical={false} />;
    case 'en':
      return <UnionFlag />;
  }
}
