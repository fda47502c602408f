import { useEffect, useState } from 'react';

type Drawn = { value: string; path: string; modules: number };

/** The squares of a QR code as one SVG path, in a margin of four modules. */
async function draw(value: string): Promise<Drawn> {
  // The encoder loads with the first code shown: the sign-in page needs it only to set up
  // two-factor sign-in, so it stays out of the page's first load.
  const { default: QRCode } = await import('qrcode');
  const matrix = QRCode.create(value, { errorCorrectionLevel: 'M' }).modules;
  let path = '';
  for (let row = 0; row < matrix.size; row++) {
    for (let col = 0; col < matrix.size; col++) if (matrix.get(row, col)) path += `M${col + 4} ${row + 4}h1v1h-1z`;
  }
  return { value, path, modules: matrix.size + 8 };
}

/**
 * A QR code drawn as SVG squares (no image data URL, so the page's content policy stays strict).
 * Dark on white whatever the theme: phone cameras read it best that way. Until the encoder has
 * loaded, the white square stands in its place.
 */
export function QrCode({ value, size = 200, label }: { value: string; size?: number; label: string }) {
  const [drawn, setDrawn] = useState<Drawn | null>(null);
  useEffect(() => {
    let live = true;
    // Should the encoder fail to load, the square stays blank; the step shows the key as text too.
    draw(value)
      .then((next) => live && setDrawn(next))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [value]);
  const current = drawn?.value === value ? drawn : null;
  const modules = current?.modules ?? 1;
  return (
    <svg
      width={size}
      height={size}
      viewBox={`0 0 ${modules} ${modules}`}
      role="img"
      aria-label={label}
      aria-busy={current ? undefined : true}
    >
      <rect width={modules} height={modules} fill="#fff" />
      {current && <path d={current.path} fill="#000" />}
    </svg>
  );
}
