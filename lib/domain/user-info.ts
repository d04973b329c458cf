/** The user info of SPEC §3, as stored in the `userinfo` cookie and returned by GET /api/user/info. */
export interface UserInfo {
  nickName: string;
  avatar: string;
  /** Falls back to the e-mail when the member has no mobile number. */
  mobile: string;
  email: string;
  invitationCode: string;
  /** `YYYY-MM-DD` in Asia/Shanghai, or "" for the free level. */
  levelEndDate: string;
  levelName: string;
  levelId: number;
  levelCode: string;
  uguid: string;
}

const FIELDS: (keyof UserInfo)[] = [
  "nickName", "avatar", "mobile", "email", "invitationCode", "levelEndDate", "levelName", "levelId", "levelCode", "uguid",
];

/** Parses a stored user info (cookie or localStorage); anything malformed counts as absent. */
export function parseUserInfo(raw: string | null | undefined): UserInfo | null {
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!value || typeof value !== "object") return null;
  const record = value as Record<string, unknown>;
  for (const field of FIELDS) {
    const expected = field === "levelId" ? "number" : "string";
    if (typeof record[field] !== expected) return null;
  }
  if (!record.uguid) return null;
  return Object.fromEntries(FIELDS.map((f) => [f, record[f]])) as unknown as UserInfo;
}

/** Whether two user infos say the same in every field (a stored copy against the server's). */
export function sameUserInfo(a: UserInfo | null, b: UserInfo | null): boolean {
  if (!a || !b) return a === b;
  return FIELDS.every((f) => a[f] === b[f]);
}
