import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LoadFailed } from './LoadState';
import { renderRoutes } from './test-utils';

describe('LoadFailed', () => {
  it('says the read failed and reads again on Retry', async () => {
    const retry = vi.fn();
    renderRoutes([{ path: '/', element: <LoadFailed onRetry={retry} /> }], '/');
    expect(await screen.findByText('The data could not be loaded')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it('puts what it is given beside the retry', async () => {
    renderRoutes([{ path: '/', element: <LoadFailed onRetry={() => {}}>{<a href="/list">back</a>}</LoadFailed> }], '/');
    const back = await screen.findByRole('link', { name: 'back' });
    expect(back.parentElement).toBe(screen.getByRole('button', { name: 'Retry' }).parentElement);
  });
});
