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
    fakeApi((c) =>
      c.path === TTS ? { body: { available: false, engine: 'espeak-ng', voices: [], profiles: [] } } : undefined,
    );
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
        return { body: { available: true, engine: 'espeak-ng', voices: ['en'], profiles: [] } };
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

  it('offers the enabled profiles beside the engine, the default one first, and speaks through the chosen one', async () => {
    const onCreated = vi.fn();
    const profiles = [
      { id: 7, name: 'Azure', provider: 'microsoft', default: true, locale: 'ru-RU' },
      { id: 8, name: 'Cloud', provider: 'google', default: false, locale: 'en-US' },
    ];
    const api = fakeApi((c) => {
      if (c.path === TTS && c.method === 'GET')
        return { body: { available: true, engine: 'espeak-ng', voices: ['en'], profiles } };
      if (c.path === TTS && c.method === 'POST') return { status: 201, body: { id: 2, name: 'hi' } };
      return undefined;
    });
    renderRoutes(dialog(onCreated), '/');
    const engine = await screen.findByLabelText('Speak with', { selector: 'input' });
    expect(engine).toHaveValue('Azure · Microsoft · ru-RU');
    // A provider speaks in its profile's language: no voice to choose.
    expect(screen.queryByLabelText('Voice', { selector: 'input' })).toBeNull();
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'hi');
    await userEvent.type(screen.getByRole('textbox', { name: 'Text' }), 'Привет');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    await vi.waitFor(() => expect(onCreated).toHaveBeenCalled());
    expect(api.of('POST', TTS)[0]?.body).toMatchObject({ name: 'hi', text: 'Привет', profile: 7 });
  });

  it('works with profiles alone when the server has no engine', async () => {
    const profiles = [{ id: 8, name: 'Cloud', provider: 'google', default: false, locale: 'en-US' }];
    fakeApi((c) =>
      c.path === TTS ? { body: { available: false, engine: 'espeak-ng', voices: [], profiles } } : undefined,
    );
    renderRoutes(dialog(), '/');
    expect(await screen.findByLabelText('Speak with', { selector: 'input' })).toHaveValue('Cloud · Google · en-US');
    expect(screen.queryByTestId('tts-unavailable')).toBeNull();
  });
});
