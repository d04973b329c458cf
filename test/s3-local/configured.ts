import { reloadConfigForTests } from "@/lib/config";
import { startS3Local, type S3Local } from "./server";

const S3_ENV = ["S3_ENDPOINT", "S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const;

/**
 * For a describe block whose tests run with `S3_*` set to a fresh stand-in: started before them, the configuration
 * reloaded, and both undone after. Returns the stand-in (available once the block's tests run).
 */
export function withS3LocalConfigured(accessKeyId: string): () => S3Local {
  let s3: S3Local | null = null;
  beforeAll(async () => {
    s3 = await startS3Local({ accessKeyId });
    Object.assign(process.env, { S3_ENDPOINT: s3.url, S3_BUCKET: s3.bucket, S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: `${accessKeyId}-secret` });
    reloadConfigForTests();
  });
  afterAll(async () => {
    for (const name of S3_ENV) delete process.env[name];
    reloadConfigForTests();
    await s3?.close();
  });
  return () => {
    if (!s3) throw new Error("the S3 stand-in starts before the block's tests");
    return s3;
  };
}
