/** Membership tiers of PRODUCT.md. */
export const LEVELS = [
  { levelId: 0, levelCode: "free", levelName: "普通会员" },
  { levelId: 100, levelCode: "vip", levelName: "VIP" },
  { levelId: 200, levelCode: "svip", levelName: "SVIP" },
] as const;

export type Level = (typeof LEVELS)[number];
export type LevelId = Level["levelId"];
export type LevelCode = Level["levelCode"];

export const FREE_LEVEL: Level = LEVELS[0];

export function levelById(levelId: number): Level | undefined {
  return LEVELS.find((l) => l.levelId === levelId);
}

export function levelByCode(code: string): Level | undefined {
  return LEVELS.find((l) => l.levelCode === code);
}

export function isLevelId(value: number): value is LevelId {
  return LEVELS.some((l) => l.levelId === value);
}
