// A local stand-in for the speech REST calls cognitive profiles make, answering like the providers:
// Microsoft Azure AI Speech under `/microsoft/<region>` (text-to-speech `POST /cognitiveservices/v1`
// with an SSML body, short-audio speech-to-text `POST /speech/recognition/conversation/
// cognitiveservices/v1?language=`, key in `Ocp-Apim-Subscription-Key`) and Google Cloud under
// `/google` (`POST /v1/text:synthesize?key=` answering base64 `audioContent`, `POST
// /v1/speech:recognize?key=`). A wrong key is refused as each provider refuses it (Microsoft 401,
// Google 400 "API key not valid"); the key `slow` is never answered (time-outs); a text holding
// `[quota]` is refused as over quota (429). Plain ESM: the API
// tests and the browser tests' server launcher both start it.
import http from 'node:http';

/** What the stand-in hears in any audio. */
export const STANDIN_TRANSCRIPT = 'Hello from the speech stand-in.';

/** A valid mono 16-bit PCM WAV of a short tone, `ms` long at `rate` samples a second. */
export function standinWav(ms = 300, rate = 16000) {
  const samples = Math.round((rate * ms) / 1000);
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++)
    data.writeInt16LE(Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / rate)), i * 2);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8, 'latin1');
  header.write('fmt ', 12, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

const json = (res, status, body) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

const googleError = (res, status, message, reason) =>
  json(res, status, {
    error: {
      code: status,
      message,
      status: status === 400 ? 'INVALID_ARGUMENT' : 'FAILED_PRECONDITION',
      details: reason ? [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason }] : [],
    },
  });

/**
 * Starts the stand-in. `microsoftKey` and `googleKey` are the keys it takes; `calls` records each
 * call that passed the key check: provider, service, region (Microsoft), locale or language, the
 * text spoken (TTS) and the bytes heard (STT).
 */
export async function startCognitiveStandin({
  microsoftKey = 'standin-microsoft-key',
  googleKey = 'standin-google-key',
  port = 0,
  host = '127.0.0.1',
} = {}) {
  const calls = [];
  const hanging = new Set();
  const server = http.createServer(async (req, res) => {
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    const raw = Buffer.concat(chunks);
    const url = new URL(req.url ?? '/', 'http://standin');
    const parts = url.pathname.split('/').filter(Boolean);
    if (req.method !== 'POST') return json(res, 405, { error: 'Only POST is served' });

    if (parts[0] === 'microsoft') {
      const region = parts[1];
      const rest = `/${parts.slice(2).join('/')}`;
      const key = String(req.headers['ocp-apim-subscription-key'] ?? '');
      if (key === 'slow') return hanging.add(res);
      if (key !== microsoftKey) {
        // Azure answers a wrong key with 401 and a JSON error.
        return json(res, 401, {
          error: {
            code: '401',
            message:
              'Access denied due to invalid subscription key or wrong API endpoint. Make sure to provide a valid key for an active subscription and use a correct regional API endpoint for your resource.',
          },
        });
      }
      if (rest === '/cognitiveservices/v1') {
        if (!String(req.headers['content-type'] ?? '').startsWith('application/ssml+xml')) {
          res.writeHead(400);
          return res.end();
        }
        const format = String(req.headers['x-microsoft-outputformat'] ?? '');
        if (!format.startsWith('riff-')) {
          res.writeHead(400);
          return res.end();
        }
        const ssml = raw.toString('utf8');
        const lang = /xml:lang="([^"]+)"/.exec(ssml)?.[1] ?? '';
        const voice = /<voice name="([^"]+)"/.exec(ssml)?.[1] ?? '';
        const text = ssml
          .replace(/<[^>]*>/g, '')
          .replace(/&(lt|gt|amp|apos|quot);/g, (_m, e) => ({ lt: '<', gt: '>', amp: '&', apos: "'", quot: '"' })[e])
          .trim();
        if (!voice || !text) {
          res.writeHead(400);
          return res.end();
        }
        if (text.includes('[quota]')) {
          res.writeHead(429, { 'content-type': 'text/plain' });
          return res.end('Too many requests: the quota of this subscription is used up.');
        }
        calls.push({ provider: 'microsoft', service: 'tts', region, locale: lang, voice, text });
        res.writeHead(200, { 'content-type': 'audio/x-wav' });
        return res.end(standinWav());
      }
      if (rest === '/speech/recognition/conversation/cognitiveservices/v1') {
        const language = url.searchParams.get('language');
        if (!language) {
          return json(res, 400, { error: { code: 'BadArgument', message: 'Language is not specified.' } });
        }
        calls.push({ provider: 'microsoft', service: 'stt', region, locale: language, bytes: raw.length });
        if (raw.length <= 44)
          return json(res, 200, { RecognitionStatus: 'InitialSilenceTimeout', Offset: 0, Duration: 0 });
        return json(res, 200, {
          RecognitionStatus: 'Success',
          DisplayText: STANDIN_TRANSCRIPT,
          Offset: 300000,
          Duration: 12000000,
        });
      }
      return json(res, 404, { error: { code: 'NotFound', message: 'Resource not found' } });
    }

    if (parts[0] === 'google') {
      const rest = `/${parts.slice(1).join('/')}`;
      const key = url.searchParams.get('key') ?? '';
      if (key === 'slow') return hanging.add(res);
      if (key !== googleKey) {
        return googleError(res, 400, 'API key not valid. Please pass a valid API key.', 'API_KEY_INVALID');
      }
      let body;
      try {
        body = JSON.parse(raw.toString('utf8'));
      } catch {
        return googleError(res, 400, 'Invalid JSON payload received.');
      }
      if (rest === '/v1/text:synthesize') {
        const text = body?.input?.text;
        const locale = body?.voice?.languageCode;
        if (typeof text !== 'string' || !text)
          return googleError(res, 400, 'Either `input.text` or `input.ssml` must be set.');
        if (typeof locale !== 'string' || !locale) return googleError(res, 400, 'Voice language code is required.');
        if (text.includes('[quota]')) {
          return json(res, 429, {
            error: { code: 429, message: 'Quota exceeded for quota metric.', status: 'RESOURCE_EXHAUSTED' },
          });
        }
        calls.push({ provider: 'google', service: 'tts', locale, text });
        return json(res, 200, { audioContent: standinWav().toString('base64') });
      }
      if (rest === '/v1/speech:recognize') {
        const locale = body?.config?.languageCode;
        const content = body?.audio?.content;
        if (typeof locale !== 'string' || !locale)
          return googleError(res, 400, "Invalid recognition 'config': languageCode is required.");
        if (typeof content !== 'string') return googleError(res, 400, 'RecognitionAudio not set.');
        const audio = Buffer.from(content, 'base64');
        calls.push({ provider: 'google', service: 'stt', locale, bytes: audio.length });
        // Nothing heard: Google answers an empty object.
        if (audio.length <= 44) return json(res, 200, {});
        return json(res, 200, {
          results: [
            {
              alternatives: [{ transcript: STANDIN_TRANSCRIPT, confidence: 0.93 }],
              languageCode: locale.toLowerCase(),
            },
          ],
          totalBilledTime: '1s',
        });
      }
      return googleError(res, 404, 'Method not found.');
    }
    return json(res, 404, { error: 'Unknown provider' });
  });
  await new Promise((resolve) => server.listen(port, host, resolve));
  const address = server.address();
  const url = `http://${host}:${address.port}`;
  return {
    url,
    microsoftKey,
    googleKey,
    calls,
    /** Base URLs for the server's configuration (COGNITIVE_*_URL). */
    config: {
      microsoftTtsUrl: `${url}/microsoft/{region}`,
      microsoftSttUrl: `${url}/microsoft/{region}`,
      googleTtsUrl: `${url}/google`,
      googleSttUrl: `${url}/google`,
    },
    close: () =>
      new Promise((resolve) => {
        for (const res of hanging) res.destroy();
        server.close(() => resolve());
        server.closeAllConnections?.();
      }),
  };
}
