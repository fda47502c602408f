import fs from 'node:fs';
import { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { isDigitalOceanEndpoint } from '@switchboard/model';
import { type OutboundOptions, outboundAgents } from '../../../../net/outbound.js';
import type { Backend } from './backend.js';

const S3_TIMEOUT_MS = 10_000;

/**
 * An S3 client for the profile's endpoint (`endpoint`, `region`, `keyId`, `accessKey`). AWS and
 * Digital Ocean Spaces take virtual-hosted bucket names; any other endpoint (an S3-compatible
 * server) gets path-style requests. A domain's endpoint passes the outbound policy (`outbound`);
 * null is for the operator's providers (Backblaze), which never did.
 */
export function s3Client(p: Record<string, string>, outbound: OutboundOptions | null): S3Client {
  const endpoint = (p.endpoint ?? '').trim();
  const hosted = /(^|\.)amazonaws\.com(:\d+)?\/?$/i.test(endpoint) || isDigitalOceanEndpoint(endpoint);
  return new S3Client({
    region: p.region || 'us-east-1',
    endpoint: endpoint || undefined,
    forcePathStyle: !hosted,
    credentials: { accessKeyId: p.keyId ?? '', secretAccessKey: p.accessKey ?? '' },
    // S3-compatible servers do not all know the newer checksum headers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 2,
    requestHandler: {
      ...(outbound ? outboundAgents(outbound) : {}),
      connectionTimeout: S3_TIMEOUT_MS,
      requestTimeout: S3_TIMEOUT_MS,
    },
  });
}

/** Objects of one bucket: written from a file, read whole or by range, deleted. */
export function s3Backend(client: S3Client, Bucket: string): Backend {
  return {
    async put(key, file, size, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: key,
          Body: fs.createReadStream(file),
          ContentLength: size,
          ContentType: contentType,
        }),
      );
      return key;
    },
    async get(key, range) {
      const out = await client.send(
        new GetObjectCommand({ Bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
      );
      const body = out.Body;
      if (!(body instanceof Readable)) throw new Error('S3 answered no body');
      return body;
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
  };
}
