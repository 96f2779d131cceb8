import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Config } from '../../config.js';

export interface StoredObject {
  body: Readable;
  size: number | undefined;
}

/** Where uploaded media live. Keys are flat file names (`<uuid>.webp`); the server serves them at /media/<key>. */
export interface MediaStorage {
  readonly kind: 'local' | 's3';
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** null when there is no such object. */
  get(key: string): Promise<StoredObject | null>;
}

const KEY = /^[A-Za-z0-9._-]+$/;
function assertKey(key: string) {
  if (!KEY.test(key) || key.startsWith('.')) throw new Error(`invalid media key: ${key}`);
}

/** Files under one folder (default DATA_DIR/media). */
export function localMediaStorage(root: string): MediaStorage {
  return {
    kind: 'local',
    async put(key, body) {
      assertKey(key);
      await fs.mkdir(root, { recursive: true });
      // Written aside and renamed, so a reader never sees half a file.
      const temp = path.join(root, `.${key}.${process.pid}.tmp`);
      await fs.writeFile(temp, body);
      await fs.rename(temp, path.join(root, key));
    },
    async get(key) {
      if (!KEY.test(key) || key.startsWith('.')) return null;
      const file = path.join(root, key);
      try {
        const stat = await fs.stat(file);
        if (!stat.isFile()) return null;
        return { body: createReadStream(file), size: stat.size };
      } catch {
        return null;
      }
    },
  };
}

export interface S3Settings {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
  prefix: string;
}

/** Any S3-compatible store. Objects stay private: the API streams them to the browser from its own origin. */
export function s3MediaStorage(settings: S3Settings): MediaStorage {
  // Loaded on first use: installations on local disk never load the SDK.
  let sdk:
    | Promise<{ client: import('@aws-sdk/client-s3').S3Client; mod: typeof import('@aws-sdk/client-s3') }>
    | undefined;
  const connect = () => {
    sdk ??= import('@aws-sdk/client-s3').then((mod) => ({ mod, client: makeClient(mod) }));
    return sdk;
  };
  const makeClient = ({ S3Client }: typeof import('@aws-sdk/client-s3')) =>
    new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle,
      credentials:
        settings.accessKeyId && settings.secretAccessKey
          ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
          : undefined,
      // Plain Content-MD5-free uploads work with every S3-compatible store.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  const objectKey = (key: string) => `${settings.prefix}${key}`;
  return {
    kind: 's3',
    async put(key, body, contentType) {
      assertKey(key);
      const { client, mod } = await connect();
      await client.send(
        new mod.PutObjectCommand({
          Bucket: settings.bucket,
          Key: objectKey(key),
          Body: body,
          ContentType: contentType,
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      );
    },
    async get(key) {
      if (!KEY.test(key)) return null;
      const { client, mod } = await connect();
      try {
        const out = await client.send(
          new mod.GetObjectCommand({ Bucket: settings.bucket, Key: objectKey(key) }),
        );
        if (!out.Body) return null;
        return { body: out.Body as Readable, size: out.ContentLength };
      } catch (error) {
        if (error instanceof mod.NoSuchKey || (error as { name?: string }).name === 'NotFound') return null;
        if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404)
          return null;
        throw error;
      }
    },
  };
}

export function createMediaStorage(config: Config): MediaStorage {
  return config.media.s3
    ? s3MediaStorage(config.media.s3)
    : localMediaStorage(path.join(config.dataDir, 'media'));
}
