import { COGNITIVE_DEFAULT_LOCALE, type CognitiveProvider, errorDetail, MICROSOFT_VOICES } from '@switchboard/model';
import type { Config } from '../../../config.js';
import { keyedError } from '../../../core/errors.js';
import { outboundFetch, refusalOf } from '../../../net/outbound.js';

/** A profile as the providers need it: with its key. */
export type CognitiveProfileRow = {
  id: number;
  name: string;
  provider: CognitiveProvider;
  service: string;
  enabled: boolean;
  properties: Record<string, string>;
};

const PROVIDER_NAMES: Record<CognitiveProvider, string> = { microsoft: 'Microsoft', google: 'Google' };

/** The longest provider text an administrator is shown. */
const REASON_MAX = 300;

const localeOf = (profile: CognitiveProfileRow) => profile.properties.locale || COGNITIVE_DEFAULT_LOCALE;

const xmlEscape = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c);

/**
 * `{region}` of a Microsoft base URL is the profile's region (checked: letters and digits only).
 * The region then chooses the host, so such a URL goes through the outbound policy.
 */
const withRegion = (url: string, profile: CognitiveProfileRow): Target => ({
  url: url.replaceAll('{region}', encodeURIComponent(profile.properties.region ?? '')),
  checked: /^[a-z]+:\/\/[^/]*\{region\}/i.test(url),
});

/** A provider URL and whether a domain's setting chose its host (then the outbound policy applies). */
type Target = { url: string; checked: boolean };

const suffixed = (target: Target, suffix: string): Target => ({ ...target, url: `${target.url}${suffix}` });

const params = (profile: CognitiveProfileRow, more: Record<string, string | number> = {}) => ({
  provider: PROVIDER_NAMES[profile.provider],
  name: profile.name,
  ...more,
});

/** What a provider said when it refused: Google's `error.message`, Microsoft's text, else the status. */
function reasonOf(status: number, body: string): string {
  let reason = body.trim();
  try {
    const parsed = JSON.parse(body) as { error?: { message?: unknown } | string; message?: unknown };
    if (typeof parsed.error === 'object' && typeof parsed.error?.message === 'string') reason = parsed.error.message;
    else if (typeof parsed.error === 'string') reason = parsed.error;
    else if (typeof parsed.message === 'string') reason = parsed.message;
  } catch {
    // Not JSON: the text as it came.
  }
  // A provider's text goes into our message: one line, no markup, not too long.
  reason = reason
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, REASON_MAX);
  return reason ? `${status} ${reason}` : `HTTP ${status}`;
}

/**
 * One call to a provider. A refused key, another refusal, a time-out and an unreachable service
 * each become a message for the administrator (502, or 504 for the time-out), never a 500; the
 * key travels in a header or the query and is never part of a message.
 */
async function call(
  config: Config,
  profile: CognitiveProfileRow,
  target: Target | string,
  init: RequestInit,
): Promise<Response> {
  const { url, checked } = typeof target === 'string' ? { url: target, checked: false } : target;
  const request = { ...init, signal: AbortSignal.timeout(config.cognitive.timeoutMs) };
  let res: Response;
  try {
    res = checked ? await outboundFetch(url, request, { allow: config.outboundAllow }) : await fetch(url, request);
  } catch (error) {
    const name = (error as { name?: string }).name;
    if (name === 'TimeoutError' || name === 'AbortError') {
      throw keyedError(
        504,
        'app.cognitiveProfiles.timeout',
        'cognitiveTimeout',
        params(profile, { seconds: Math.ceil(config.cognitive.timeoutMs / 1000) }),
      );
    }
    // The network's own error (refused, reset, not known) is for the log, never the administrator.
    const reason = errorDetail(refusalOf(error) ? 'outboundPolicy' : 'outboundConnect');
    throw Object.assign(
      keyedError(502, 'app.cognitiveProfiles.unreachable', 'cognitiveUnreachable', params(profile, { reason })),
      { cause: error },
    );
  }
  if (res.ok) return res;
  const body = await res.text().catch(() => '');
  // Google answers a bad API key with 400 INVALID_ARGUMENT "API key not valid"; Microsoft with 401.
  const badKey = res.status === 401 || res.status === 403 || /API key not valid|API_KEY_INVALID/i.test(body);
  if (badKey) {
    // A Microsoft key belongs to one region: a wrong region is refused the same way.
    const key = profile.provider === 'microsoft' ? 'cognitiveKeyRegionRefused' : 'cognitiveKeyRefused';
    throw keyedError(502, 'app.cognitiveProfiles.key_refused', key, params(profile));
  }
  throw keyedError(
    502,
    'app.cognitiveProfiles.refused',
    'cognitiveRefused',
    params(profile, { reason: reasonOf(res.status, body) }),
  );
}

/** A JSON request to a Google speech API, the API key in the query as Google takes it. */
const callGoogle = (config: Config, profile: CognitiveProfileRow, url: string, key: string, body: unknown) =>
  call(config, profile, `${url}?key=${encodeURIComponent(key)}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

const badAnswer = (profile: CognitiveProfileRow, expected: string) =>
  keyedError(502, 'app.cognitiveProfiles.bad_answer', 'cognitiveBadAnswer', params(profile, { expected }));

const isWav = (bytes: Buffer) =>
  bytes.length > 44 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WAVE';

/** Speaks `text` through the profile's provider: the bytes of a WAV file (16-bit PCM). */
export async function synthesizeSpeech(config: Config, profile: CognitiveProfileRow, text: string): Promise<Buffer> {
  const locale = localeOf(profile);
  const key = profile.properties.key ?? '';
  let audio: Buffer;
  if (profile.provider === 'microsoft') {
    const voice = MICROSOFT_VOICES[locale as keyof typeof MICROSOFT_VOICES] ?? MICROSOFT_VOICES['en-US'];
    const ssml = `<speak version="1.0" xmlns="http://www.w3.org/2001/10/synthesis" xml:lang="${locale}"><voice name="${voice}">${xmlEscape(text)}</voice></speak>`;
    const res = await call(
      config,
      profile,
      suffixed(withRegion(config.cognitive.microsoftTtsUrl, profile), '/cognitiveservices/v1'),
      {
        method: 'POST',
        headers: {
          'Ocp-Apim-Subscription-Key': key,
          'Content-Type': 'application/ssml+xml',
          'X-Microsoft-OutputFormat': 'riff-16khz-16bit-mono-pcm',
          'User-Agent': 'switchboard',
        },
        body: ssml,
      },
    );
    audio = Buffer.from(await res.arrayBuffer());
  } else {
    const res = await callGoogle(config, profile, `${config.cognitive.googleTtsUrl}/v1/text:synthesize`, key, {
      input: { text },
      voice: { languageCode: locale },
      // LINEAR16 comes with a WAV header.
      audioConfig: { audioEncoding: 'LINEAR16' },
    });
    const answer = (await res.json().catch(() => null)) as { audioContent?: unknown } | null;
    if (typeof answer?.audioContent !== 'string') throw badAnswer(profile, 'audio');
    audio = Buffer.from(answer.audioContent, 'base64');
  }
  if (!isWav(audio)) throw badAnswer(profile, 'WAV audio');
  return audio;
}

/** The sample rate a WAV header states (bytes 24-27 of the `fmt ` chunk), for Microsoft's content type. */
function sampleRate(wav: Buffer): number {
  const at = wav.indexOf('fmt ', 12, 'latin1');
  return at >= 0 && wav.length >= at + 16 ? wav.readUInt32LE(at + 12) : 16000;
}

/** What the profile's provider hears in a WAV file: the transcript, '' when it heard no speech. */
export async function transcribeSpeech(config: Config, profile: CognitiveProfileRow, wav: Buffer): Promise<string> {
  const locale = localeOf(profile);
  const key = profile.properties.key ?? '';
  if (profile.provider === 'microsoft') {
    const query = new URLSearchParams({ language: locale, format: 'simple' });
    const base = withRegion(config.cognitive.microsoftSttUrl, profile);
    const res = await call(
      config,
      profile,
      suffixed(base, `/speech/recognition/conversation/cognitiveservices/v1?${query}`),
      {
        method: 'POST',
        headers: {
          'Ocp-Apim-Subscription-Key': key,
          'Content-Type': `audio/wav; codecs=audio/pcm; samplerate=${sampleRate(wav)}`,
          Accept: 'application/json',
        },
        body: new Uint8Array(wav),
      },
    );
    const answer = (await res.json().catch(() => null)) as {
      RecognitionStatus?: unknown;
      DisplayText?: unknown;
    } | null;
    if (!answer || typeof answer.RecognitionStatus !== 'string') throw badAnswer(profile, 'a transcript');
    if (answer.RecognitionStatus === 'Success') return typeof answer.DisplayText === 'string' ? answer.DisplayText : '';
    if (['NoMatch', 'InitialSilenceTimeout', 'BabbleTimeout'].includes(answer.RecognitionStatus)) return '';
    throw keyedError(
      502,
      'app.cognitiveProfiles.refused',
      'cognitiveRefused',
      params(profile, { reason: answer.RecognitionStatus }),
    );
  }
  const res = await callGoogle(config, profile, `${config.cognitive.googleSttUrl}/v1/speech:recognize`, key, {
    // A WAV file states its encoding and rate in its header: Google reads them from there.
    config: { languageCode: locale },
    audio: { content: wav.toString('base64') },
  });
  const answer = (await res.json().catch(() => null)) as {
    results?: { alternatives?: { transcript?: unknown }[] }[];
  } | null;
  if (!answer || typeof answer !== 'object') throw badAnswer(profile, 'a transcript');
  return (answer.results ?? [])
    .map((r) => r.alternatives?.[0]?.transcript)
    .filter((t): t is string => typeof t === 'string')
    .map((t) => t.trim())
    .join(' ')
    .trim();
}
