import QRCode from 'qrcode';
import { useMemo } from 'react';

/**
 * A QR code drawn as SVG squares (no image data URL, so the page's content policy stays strict).
 * Dark on white whatever the theme: phone cameras read it best that way.
 */
export function QrCode({ value, size = 200, label }: { value: string; size?: number; label: string }) {
  const { path, modules } = useMemo(() => {
    const matrix = QRCode.create(value, { errorCorrectionLevel: 'M' }).modules;
    let d = '';
    for (let row = 0; row < matrix.size; row++) {
      for (let col = 0; col < matrix.size; col++) if (matrix.get(row, col)) d += `M${col + 4} ${row + 4}h1v1h-1z`;
    }
    return { path: d, modules: matrix.size + 8 };
  }, [value]);
  return (
    <svg width={size} height={size} viewBox={`0 0 ${modules} ${modules}`} role="img" aria-label={label}>
      <rect width={modules} height={modules} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
