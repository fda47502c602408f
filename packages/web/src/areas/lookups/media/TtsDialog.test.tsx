import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderRoutes } from '../../../kit/test-utils';
import { TtsDialog } from './TtsDialog';

const TTS = '/storage/media/tts';
afterEach(() => vi.unstubAllGlobals());

const dialog = (onCreated = vi.fn()) => [
  { path: '/', element: <TtsDialog opened onClose={() => {}} onCreated={onCreated} /> },
];

describe('TtsDialog', () => {
  it('says clearly that the server has no engine and offers no form', async () => {
    fakeApi((c) => (c.path === TTS ? { body: { available: false, engine: 'espeak-ng', voices: [] } } : undefined));
    renderRoutes(dialog(), '/');
    expect(await screen.findByText('Text-to-speech is not available')).toBeInTheDocument();
    expect(screen.getByText(/No text-to-speech engine is installed on the server/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Text' })).toBeNull();
  });

  it('checks the fields, then posts name, text and voice', async () => {
    const onCreated = vi.fn();
    const api = fakeApi((c) => {
      if (c.path === TTS && c.method === 'GET')
        return { body: { available: true, engine: 'espeak-ng', voices: ['en'] } };
      if (c.path === TTS && c.method === 'POST') return { status: 201, body: { id: 1, name: 'hello' } };
      return undefined;
    });
    renderRoutes(dialog(onCreated), '/');
    await userEvent.click(await screen.findByRole('button', { name: 'Create' }));
    expect(await screen.findAllByText('This field is required')).toHaveLength(2);
    expect(api.of('POST', TTS)).toHaveLength(0);
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'hello');
    await userEvent.type(screen.getByRole('textbox', { name: 'Text' }), 'Hello there');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    await vi.waitFor(() => expect(onCreated).toHaveBeenCalled());
    expect(api.of('POST', TTS)[0]?.body).toEqual({ name: 'hello', text: 'Hello there', voice: 'en' });
  });
});
