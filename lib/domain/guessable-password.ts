/**
 * Passwords guessed by their shape rather than found in a list (NIST SP 800-63B §3.1.1.2: "repetitive or sequential
 * characters", "context-specific words"), with the shapes Chinese users favour: digits that read as words of love
 * (520 我爱你, 1314 一生一世), a short word or a surname in pinyin before or after weak digits (qq123456, woaini1314,
 * abc123456), keyboard walks (1qaz2wsx, 1q2w3e4r) and dates (19900101). Small enough for the browser's check too.
 */

/** Digits chosen for what they say rather than as a secret. */
const TOKEN_NUMBERS = ["5201314", "1314520", "5211314", "520", "521", "1314", "1314", "168", "518", "666", "888", "999", "110", "119", "147", "258", "369", "789", "456", "123"];

/** Words and syllables that, with weak digits, make most of the leaks' letters-and-digits passwords. */
const WEAK_WORDS = [
  "woaini", "woainimen", "iloveyou", "ilove", "love", "aini", "qq", "qaz", "abc", "abcd", "aa", "a", "z", "zz", "asd", "qwe", "wang", "zhang", "li",
  "liu", "chen", "yang", "huang", "zhao", "zhou", "wu", "xu", "sun", "ma", "zhu", "hu", "guo", "he", "lin", "luo", "gao", "admin", "pass", "password",
  // this site's own names
  "lianghua", "lh", "quant", "gushen", "gupiao", "chaogu",
];

/** Keys as they lie on a keyboard: rows, columns and the two-row zig-zags; a walk is a stretch of one, either way. */
const KEYBOARD_WALKS = [
  "`1234567890-=", "qwertyuiop[]\\", "asdfghjkl;'", "zxcvbnm,./",
  "1qaz2wsx3edc4rfv5tgb6yhn7ujm8ik,9ol.0p;/", "zaq1xsw2cde3vfr4bgt5nhy6mju7,ki8.lo9/;p0", "qazwsxedcrfvtgbyhnujmikolp",
  "1q2w3e4r5t6y7u8i9o0p", "q1w2e3r4t5y6u7i8o9p0", "qweasdzxc", "qawsedrftgyhujikolp", "1a2s3d4f5g6h7j8k9l",
];

function isRepetition(text: string): boolean {
  for (let period = 1; period <= text.length / 2; period++) {
    let repeats = true;
    for (let i = period; i < text.length && repeats; i++) repeats = text[i] === text[i - period];
    if (repeats) return true;
  }
  return false;
}

/** A run of consecutive characters, up or down (12345678, 987654321, abcdefgh), 0 after 9 allowed (1234567890). */
function isSequence(text: string): boolean {
  if (text.length < 3) return false;
  const codes = [...text].map((c) => (c === "0" && text.startsWith("1") ? 58 : c.charCodeAt(0)));
  const step = codes[1]! - codes[0]!;
  if (step !== 1 && step !== -1) return false;
  return codes.every((code, i) => i === 0 || code - codes[i - 1]! === step);
}

function isKeyboardWalk(text: string): boolean {
  if (text.length < 4) return false;
  return KEYBOARD_WALKS.some((walk) => walk.includes(text) || [...walk].reverse().join("").includes(text));
}

const isDate = (y: number, m: number, d: number) => m >= 1 && m <= 12 && d >= 1 && d <= new Date(Date.UTC(y, m, 0)).getUTCDate();

/** A calendar date in digits: 19900101 (yyyymmdd), 01011990 (mmddyyyy or ddmmyyyy), 900101 (yymmdd). */
function isDateDigits(text: string): boolean {
  if (!/^\d+$/.test(text)) return false;
  const n = (from: number, to: number) => Number(text.slice(from, to));
  if (text.length === 8) {
    const yearFirst = n(0, 4) >= 1900 && n(0, 4) <= 2099 && isDate(n(0, 4), n(4, 6), n(6, 8));
    const yearLast = n(4, 8) >= 1900 && n(4, 8) <= 2099 && (isDate(n(4, 8), n(0, 2), n(2, 4)) || isDate(n(4, 8), n(2, 4), n(0, 2)));
    return yearFirst || yearLast;
  }
  return text.length === 6 && isDate(2000 + n(0, 2), n(2, 4), n(4, 6));
}

/** Made only of love numbers: 5201314520, 1314520520, 520520520. */
function isTokenNumbers(text: string): boolean {
  if (!/^\d+$/.test(text)) return false;
  const reach = new Array<boolean>(text.length + 1).fill(false);
  reach[0] = true;
  for (let i = 0; i < text.length; i++) {
    if (!reach[i]) continue;
    for (const token of TOKEN_NUMBERS) if (text.startsWith(token, i)) reach[i + token.length] = true;
  }
  return reach[text.length]!;
}

/** Digits anyone would try first: a repetition, a run, a date, love numbers, a short number. */
function isWeakDigits(text: string): boolean {
  return /^\d+$/.test(text) && (text.length <= 4 || isRepetition(text) || isSequence(text) || isDateDigits(text) || isTokenNumbers(text) || isKeyboardWalk(text));
}

function isWeakWordWithDigits(text: string): boolean {
  const match = /^([a-z]*)(\d+)([a-z]*)$/.exec(text);
  if (!match) return false;
  const [, before, digits, after] = match as unknown as [string, string, string, string];
  const weakWord = (word: string) => word === "" || WEAK_WORDS.includes(word) || isRepetition(word) || isSequence(word) || isKeyboardWalk(word);
  return weakWord(before) && weakWord(after) && (before === "" || after === "") && isWeakDigits(digits);
}

/**
 * Whether a password is guessable by its shape alone (case-insensitive). Symbols around or between the parts are
 * no disguise: qq123456!, woaini@1314 and zhang.1990 are judged without them.
 */
export function isGuessableByShape(password: string): boolean {
  const text = password.toLowerCase();
  const bare = text.replace(/[^a-z0-9]+/g, "");
  return shapeGivesAway(text) || (bare !== text && bare.length >= 6 && shapeGivesAway(bare));
}

function shapeGivesAway(text: string): boolean {
  if (isRepetition(text) || isSequence(text) || isKeyboardWalk(text) || isDateDigits(text) || isTokenNumbers(text)) return true;
  // walks and runs glued together: qwer1234, 1234qwer, abcd1234, 1qaz2wsx3edc
  for (let cut = 3; cut <= text.length - 3; cut++) {
    const [head, tail] = [text.slice(0, cut), text.slice(cut)];
    const weak = (part: string) => isRepetition(part) || isSequence(part) || isKeyboardWalk(part) || WEAK_WORDS.includes(part);
    if (weak(head) && weak(tail)) return true;
  }
  return isWeakWordWithDigits(text);
}
