import { defaultWebchat, MB, webchatToMetadata } from '@switchboard/model';
import { describe, expect, it } from 'vitest';
import { chatGatewayFromItem, chatGatewayToInput, checkChatGateway, emptyChatGateway, switchProvider } from './values';

const item = (provider: string, metadata: Record<string, string>) => ({
  id: 3,
  name: 'bot',
  uri: '/abc',
  flow: { id: 1, name: 'Main' },
  provider,
  enabled: true,
  metadata,
  updates: { title: 'Hi', close: '', join: '', left: '' },
});

describe('chat gateway form values', () => {
  it('sends back exactly the web chat map it read', () => {
    const w = defaultWebchat();
    w.allowOrigin = ['https://x.example'];
    w.mediaMaxSize = 7 * MB;
    w.view.position = 'static';
    const metadata = webchatToMetadata(w);
    const values = chatGatewayFromItem(item('webchat', metadata));
    expect(values.webchat.mediaMaxSize / MB).toBe(7);
    expect(chatGatewayToInput(values)).toEqual({
      name: 'bot',
      uri: '/abc',
      flow: { id: 1 },
      provider: 'webchat',
      enabled: true,
      metadata,
      updates: { title: 'Hi', close: '', join: '', left: '' },
    });
  });

  it('keeps other providers’ maps as they are, viber colours under their dotted keys', () => {
    const metadata = { token: 't', botName: 'b', 'btn.back.color': '#000000', 'btn.font.color': '#ffffff' };
    expect(chatGatewayToInput(chatGatewayFromItem(item('viber', metadata))).metadata).toEqual(metadata);
  });

  it('starts a provider from its defaults and checks what it requires', () => {
    const viber = switchProvider(emptyChatGateway(), 'viber');
    expect(viber.metadata).toEqual({
      token: '',
      botName: '',
      'btn.back.color': '#1d2733',
      'btn.font.color': '#ffffff',
    });
    expect(checkChatGateway(viber).map((e) => e.field)).toEqual(['metadata.token']);
    const messenger = switchProvider(emptyChatGateway(), 'messenger');
    expect(messenger.metadata.instagramComments).toBe('false');
    const web = switchProvider(emptyChatGateway(), 'webchat');
    web.webchat.readTimeout = 5;
    expect(checkChatGateway(web)).toEqual([{ field: 'metadata.readTimeout', message: 'Value should be at least 30' }]);
  });
});
