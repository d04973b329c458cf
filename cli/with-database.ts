import { closeDatabase, prepareDatabase } from "@/lib/db";

/** Opens the database for one command (PGlite takes the data-directory lock) and always closes it. */
export async function withDatabase<T>(migrate: boolean, work: () => Promise<T>): Promise<T> {
  await prepareDatabase({ migrate, seedDemo: false });
  try {
    return await work();
  } finally {
    await closeDatabase();
  }
}
