import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { QrCode } from './QrCode';

describe('QrCode', () => {
  it('draws the code once its encoder has loaded, and again for a new value', async () => {
    const { container, rerender } = render(<QrCode value="otpauth://totp/a" label="QR" />);
    const svg = screen.getByRole('img', { name: 'QR' });
    await waitFor(() => expect(container.querySelector('path')).not.toBeNull());
    expect(svg).not.toHaveAttribute('aria-busy');
    const first = container.querySelector('path')?.getAttribute('d') ?? '';
    expect(first).toMatch(/^M\d+ \d+h1v1h-1z/);
    expect(svg.getAttribute('viewBox')).toMatch(/^0 0 \d+ \d+$/);
    rerender(<QrCode value="otpauth://totp/b?secret=JBSWY3DPEHPK3PXP" label="QR" />);
    await waitFor(() => expect(container.querySelector('path')?.getAttribute('d')).not.toBe(first));
  });
});
