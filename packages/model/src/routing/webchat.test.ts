import { describe, expect, it } from 'vitest';
import { messages } from '../messages.js';
import { defaultWebchat, webchatFromMetadata, webchatProblems, webchatToMetadata } from './webchat.js';

describe('web chat settings', () => {
  it('converts typed values to the stored text map and back exactly', () => {
    const v = defaultWebchat();
    v.allowOrigin = ['https://a.example', ' https://b.example '];
    v.readTimeout = 60;
    v.mediaMaxSize = 3 * 1024 * 1024;
    v.view.position = 'left';
    v.appointment = { ...v.appointment, enabled: true, queue: { id: 4, name: 'Sales' } };
    v.alternativeChannels.email = { url: 'mailto:hi@example.com', enabled: true };
    const m = webchatToMetadata(v);
    expect(m.allowOrigin).toBe('https://a.example,https://b.example');
    expect(m.readTimeout).toBe('60s');
    expect(m.writeTimeout).toBe('1s');
    expect(m.handshakeTimeout).toBe('10s');
    expect(m.mediaMaxSize).toBe('3145728');
    expect(JSON.parse(m.view)).toMatchObject({ position: 'left', lang: 'en' });
    expect(JSON.parse(m.appointment).queue).toEqual({ id: 4, name: 'Sales' });
    const back = webchatFromMetadata(m);
    expect(back).toEqual({ ...v, allowOrigin: ['https://a.example', 'https://b.example'] });
    expect(webchatToMetadata(back)).toEqual(m);
    expect(webchatProblems(m)).toEqual([]);
  });

  it('has the spec defaults', () => {
    const m = webchatToMetadata(defaultWebchat());
    expect(m).toMatchObject({
      readTimeout: '30s',
      writeTimeout: '1s',
      handshakeTimeout: '10s',
      mediaMaxSize: '10485760',
    });
    expect(JSON.parse(m.chat)).toEqual({ enabled: true, timeoutIsActive: false, openTimeout: 0, url: '' });
    expect(JSON.parse(m.appointment)).toMatchObject({
      enabled: false,
      duration: '30m',
      days: 3,
      availableAgents: 1,
      showDefaultHeading: true,
      showEmailField: false,
      showMessageField: false,
    });
  });

  it('reads missing or broken keys as defaults', () => {
    expect(webchatFromMetadata({ view: '{broken', readTimeout: 'x' })).toEqual(defaultWebchat());
  });

  it('names the key and the rule that fails', () => {
    const m = webchatToMetadata(defaultWebchat());
    expect(webchatProblems({ ...m, readTimeout: '20s' })).toEqual([
      { field: 'metadata.readTimeout', message: `${messages.min} 30` },
    ]);
    expect(webchatProblems({ ...m, handshakeTimeout: '301s' })).toEqual([
      { field: 'metadata.handshakeTimeout', message: `${messages.max} 300` },
    ]);
    expect(webchatProblems({ ...m, writeTimeout: '5' })).toEqual([
      { field: 'metadata.writeTimeout', message: messages.numeric },
    ]);
    expect(webchatProblems({ ...m, mediaMaxSize: '' })).toEqual([
      { field: 'metadata.mediaMaxSize', message: messages.required },
    ]);
    expect(webchatProblems({ ...m, chat: '[1,' })).toEqual([{ field: 'metadata.chat', message: messages.json }]);
  });
});
