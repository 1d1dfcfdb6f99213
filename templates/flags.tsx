/**
 * Small inline flags for the language buttons, by the country each language
 * names in content/languages.yaml; decorative, the button text names the language.
 */
import type { ReactElement } from 'react';
import type { FlagCountry } from '../generator/model/flagCountries.ts';

function Tricolour({ colours, vertical }: { colours: [string, string, string]; vertical: boolean }) {
  return (
    <svg className="flag" viewBox="0 0 3 2" width="18" height="12" aria-hidden="true" focusable="false">
      {colours.map((colour, index) =>
        vertical ? (
          <rect key={colour} x={index} y="0" width="1" height="2" fill={colour} />
        ) : (
          <rect key={colour} x="0" y={(index * 2) / 3} width="3" height={2 / 3} fill={colour} />
        ),
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

/** Switzerland's flag is square: a white cross on red. */
function SwissFlag() {
  return (
    <svg className="flag" viewBox="0 0 32 32" width="12" height="12" aria-hidden="true" focusable="false">
      <rect width="32" height="32" fill="#da291c" />
      <path d="M13,6 H19 V13 H26 V19 H19 V26 H13 V19 H6 V13 H13 Z" fill="#fff" />
    </svg>
  );
}

/** Each flag the templates can draw, by ISO 3166 country code. */
const flags: Record<FlagCountry, () => ReactElement> = {
  IT: () => <Tricolour colours={['#009246', '#ffffff', '#ce2b37']} vertical />,
  FR: () => <Tricolour colours={['#0055a4', '#ffffff', '#ef4135']} vertical />,
  DE: () => <Tricolour colours={['#000000', '#dd0000', '#ffce00']} vertical={false} />,
  GB: () => <UnionFlag />,
  CH: () => <SwissFlag />,
};

export function Flag({ country }: { country: string }) {
  return flags[country as FlagCountry]();
}
