export const STANDIN_TRANSCRIPT: string;
export function standinWav(ms?: number, rate?: number): Buffer;
export type CognitiveCall = {
  provider: 'microsoft' | 'google';
  service: 'tts' | 'stt';
  region?: string;
  locale: string;
  voice?: string;
  text?: string;
  bytes?: number;
};
export type CognitiveStandin = {
  url: string;
  microsoftKey: string;
  googleKey: string;
  calls: CognitiveCall[];
  config: { microsoftTtsUrl: string; microsoftSttUrl: string; googleTtsUrl: string; googleSttUrl: string };
  close(): Promise<void>;
};
export function startCognitiveStandin(options?: {
  microsoftKey?: string;
  googleKey?: string;
  port?: number;
  host?: string;
}): Promise<CognitiveStandin>;
