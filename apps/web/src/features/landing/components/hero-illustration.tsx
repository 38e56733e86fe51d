/** The hero's drawing: a learner and a tutor talking over a video call. Pure SVG, no network. */
export function HeroIllustration() {
  return (
    <svg viewBox="0 0 480 400" role="img" aria-label="A learner talking with a tutor on a video call" className="h-auto w-full max-w-lg">
      <defs>
        <linearGradient id="hero-bg" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="var(--color-primary)" stopOpacity="0.18" />
          <stop offset="1" stopColor="var(--color-secondary)" stopOpacity="0.18" />
        </linearGradient>
      </defs>
      <circle cx="250" cy="200" r="180" fill="url(#hero-bg)" />
      <rect x="70" y="70" width="300" height="210" rx="22" className="fill-base-100" stroke="var(--color-base-300)" strokeWidth="2" />
      <rect x="86" y="86" width="268" height="150" rx="14" fill="var(--color-primary)" fillOpacity="0.12" />
      <circle cx="220" cy="140" r="30" fill="var(--color-primary)" fillOpacity="0.85" />
      <path d="M160 236c6-40 34-58 60-58s54 18 60 58z" fill="var(--color-primary)" fillOpacity="0.85" />
      <rect x="104" y="250" width="36" height="16" rx="8" fill="var(--color-error)" fillOpacity="0.8" />
      <rect x="150" y="250" width="36" height="16" rx="8" fill="var(--color-base-300)" />
      <rect x="196" y="250" width="36" height="16" rx="8" fill="var(--color-base-300)" />
      <rect x="290" y="176" width="140" height="110" rx="16" className="fill-base-100" stroke="var(--color-base-300)" strokeWidth="2" />
      <circle cx="360" cy="218" r="20" fill="var(--color-secondary)" fillOpacity="0.9" />
      <path d="M322 286c4-28 20-40 38-40s34 12 38 40z" fill="var(--color-secondary)" fillOpacity="0.9" />
      <g>
        <rect x="30" y="26" width="150" height="48" rx="16" fill="var(--color-accent)" />
        <path d="M60 74l-6 16 20-16z" fill="var(--color-accent)" />
        <text x="105" y="56" textAnchor="middle" fontSize="16" fontWeight="700" fill="var(--color-accent-content)">Hello, Priya!</text>
      </g>
      <g>
        <rect x="300" y="318" width="160" height="48" rx="16" fill="var(--color-secondary)" />
        <path d="M420 318l10-14 6 14z" fill="var(--color-secondary)" />
        <text x="380" y="348" textAnchor="middle" fontSize="16" fontWeight="700" fill="var(--color-secondary-content)">Let's practise!</text>
      </g>
      <circle cx="430" cy="90" r="10" fill="var(--color-warning)" />
      <circle cx="52" cy="320" r="14" fill="var(--color-success)" fillOpacity="0.7" />
    </svg>
  );
}
