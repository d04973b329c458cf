import { numeric } from "drizzle-orm/pg-core";

/** Money in yuan to the fen, read as a number (sums of fen-exact values stay exact at this scale). */
export const money = (name: string) => numeric(name, { precision: 18, scale: 2, mode: "number" });
/** Share prices to the 0.001 yuan (funds and bonds quote three decimals). */
export const price = (name: string) => numeric(name, { precision: 14, scale: 3, mode: "number" });
