import "server-only";

/** What scripts/admission.cjs (preloaded by `npm start`) exposes on the process. */
interface Admission {
  configure(settings: { renders?: number; queue?: number }): void;
  laneOf(headers: Record<string, string | undefined>): "member" | "visitor" | "crawler";
}

const KEY = Symbol.for("lianghua.admission");

/** The admission control of this process's page renders, or null when the server runs without its preload. */
export function renderAdmission(): Admission | null {
  return ((globalThis as { [KEY]?: Admission })[KEY]) ?? null;
}
