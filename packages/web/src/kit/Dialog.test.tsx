import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Dialog } from './Dialog';
import { renderRoutes } from './test-utils';

describe('Dialog', () => {
  it('names its close button in the reader language and closes with it', async () => {
    const close = vi.fn();
    renderRoutes([{ path: '/', element: <Dialog opened onClose={close} title="T" /> }], '/');
    await userEvent.click(await screen.findByRole('button', { name: 'Close' }));
    expect(close).toHaveBeenCalledTimes(1);
  });
});
