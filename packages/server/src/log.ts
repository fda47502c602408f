import type { FastifyServerOptions } from 'fastify';
import type { Config } from './config.js';

/** A URL without its access_token value, so tokens never reach the logs. */
export function redactUrl(url: string): string {
  return url.replace(/([?&]access_token=)[^&]*/g, '$1[redacted]');
}

/** Structured JSON logs (pino, through Fastify), one line per event, without secrets. */
export function loggerOptions(config: Pick<Config, 'logLevel'>): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie'], censor: '[redacted]' },
    serializers: {
      req: (req: { method: string; url: string; ip?: string; id?: string }) => ({
        id: req.id,
        method: req.method,
        url: redactUrl(req.url),
        ip: req.ip,
      }),
    },
  };
}
