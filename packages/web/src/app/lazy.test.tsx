import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { lazyScreen, withTimeout } from './lazy';
import { Providers } from './Providers';

function Loaded() {
  return <p>loaded screen</p>;
}

describe('lazyScreen', () => {
  it('shows the failure with a Retry that runs the import again', async () => {
    const loader = vi
      .fn<() => Promise<{ default: typeof Loaded }>>()
      .mockRejectedValueOnce(new Error('chunk missing'))
      .mockResolvedValue({ default: Loaded });
    const Screen = lazyScreen(loader);
    render(
      <Providers>
        <Screen />
      </Providers>,
    );
    expect(await screen.findByText('This screen could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('chunk missing')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('loaded screen')).toBeInTheDocument();
    expect(loader).toHaveBeenCalledTimes(2);
  });

  it('gives a lazily loaded part of a screen its props', async () => {
    function Greeting({ name }: { name: string }) {
      return <p>hello {name}</p>;
    }
    const Part = lazyScreen(() => Promise.resolve({ default: Greeting }));
    render(
      <Providers>
        <Part name="Ada" />
      </Providers>,
    );
    expect(await screen.findByText('hello Ada')).toBeInTheDocument();
  });

  it('gives up on an import that does not arrive in time', async () => {
    const Screen = lazyScreen(() => new Promise<never>(() => {}), 20);
    render(
      <Providers>
        <Screen />
      </Providers>,
    );
    expect(await screen.findByText('Load timed out after 20 ms')).toBeInTheDocument();
  });

  it('passes through a value that arrives in time', async () => {
    await expect(withTimeout(Promise.resolve(7), 1000)).resolves.toBe(7);
    await expect(withTimeout(Promise.reject(new Error('no')), 1000)).rejects.toThrow('no');
  });
});
