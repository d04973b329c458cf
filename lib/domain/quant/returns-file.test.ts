import { alignBenchmark, parseReturnDate, parseReturnsFile, parseReturnValue, ReturnsFileError } from "./returns-file";

function rejection(text: string): ReturnsFileError {
  try {
    parseReturnsFile(text);
  } catch (err) {
    if (err instanceof ReturnsFileError) return err;
    throw err;
  }
  throw new Error("expected a ReturnsFileError");
}

describe("parseReturnValue", () => {
  it("reads fractions, percentages and missing values", () => {
    expect(parseReturnValue("0.012")).toEqual({ ok: true, value: 0.012 });
    expect(parseReturnValue("-.5")).toEqual({ ok: true, value: -0.5 });
    expect(parseReturnValue("+1e-3")).toEqual({ ok: true, value: 0.001 });
    expect(parseReturnValue("1.5%")).toEqual({ ok: true, value: 0.015 });
    expect(parseReturnValue("-10 %")).toEqual({ ok: true, value: -0.1 });
    for (const missing of ["", "NaN", "nan", "null", "NA", "n/a", "None"]) expect(parseReturnValue(missing)).toEqual({ ok: true, value: null });
  });

  it("refuses what is not a plain number, and losses beyond −100 %", () => {
    for (const bad of ["abc", "0x10", "Infinity", "1,5", "1.5%%", "%", "1e999"]) expect(parseReturnValue(bad).ok).toBe(false);
    expect(parseReturnValue("-1")).toEqual({ ok: true, value: -1 });
    expect(parseReturnValue("-150%")).toEqual({ ok: false, reason: '"-150%" is a loss of more than 100 %' });
  });
});

describe("parseReturnDate", () => {
  it("normalises the usual spellings and checks the calendar", () => {
    for (const s of ["2024-03-05", "2024/3/5", "2024.03.05", "20240305"]) expect(parseReturnDate(s)).toEqual({ ok: true, value: "2024-03-05" });
    expect(parseReturnDate("2024-02-30").ok).toBe(false);
    expect(parseReturnDate("2023-02-29").ok).toBe(false);
    expect(parseReturnDate("2024-02-29").ok).toBe(true);
    expect(parseReturnDate("05/03/2024").ok).toBe(false);
  });
});

describe("parseReturnsFile", () => {
  it("reads date,return with a header, CRLF, a BOM, comments, quotes and missing values", () => {
    const file = parseReturnsFile('\uFEFFdate,return\r\n# the mixed fixture\r\n2000-01-30,NaN\r\n"2000-01-31","0.01"\r\n\r\n2000-02-01\t10%\r\n2000-02-02;-0.04,\r\n');
    expect(file.dates).toEqual(["2000-01-30", "2000-01-31", "2000-02-01", "2000-02-02"]);
    expect(file.returns).toEqual([null, 0.01, 0.1, -0.04]);
    expect(file.lines).toEqual([3, 4, 6, 7]);
  });

  it("reads one return per line, with or without a header", () => {
    expect(parseReturnsFile("0.01\n-0.02\n\n1%\n")).toEqual({ dates: null, returns: [0.01, -0.02, 0.01], lines: [1, 2, 4] });
    expect(parseReturnsFile("return\nnan\n0.5").returns).toEqual([null, 0.5]);
    expect(parseReturnsFile("2024-01-02 0.01\n2024-01-03 -1.5 %").returns).toEqual([0.01, -0.015]);
  });

  it("refuses a bad line with its line number", () => {
    expect(rejection("date,return\n2024-01-02,0.01\n2024-01-03,abc\n").message).toBe(
      'line 3: "abc" is not a return (write a fraction like 0.012 or a percentage like 1.2%)',
    );
    expect(rejection("2024-01-02,0.01\n2024-13-01,0.02").message).toBe('line 2: "2024-13-01" is not a calendar date');
    expect(rejection("2024-01-02,0.01\n0.02").message).toBe('line 2: expected "date,return" like line 1, got a single field');
    expect(rejection("0.01\n2024-01-03,0.02").message).toBe("line 2: expected a single return like line 1, got 2 fields");
    expect(rejection("2024-01-03,0.01\n2024-01-02,0.02").message).toBe("line 2: date 2024-01-02 comes before 2024-01-03 on line 1: dates must ascend");
    expect(rejection("2024-01-02,0.01\n\n2024-01-02,0.02").message).toBe("line 3: date 2024-01-02 repeats line 1");
    expect(rejection("a,b,c").message).toBe('line 1: expected "date,return" or a single return, got 3 fields');
    expect(rejection("0.01\nabc").line).toBe(2);
    expect(rejection("x,0.01").message).toBe('line 1: "x" is not a date (write YYYY-MM-DD)');
    const empty = rejection("date,return\n\n# nothing\n");
    expect([empty.line, empty.message]).toEqual([null, "no returns found"]);
  });
});

describe("alignBenchmark", () => {
  const strategy = parseReturnsFile("2024-01-02,0.01\n2024-01-03,0.02\n2024-01-04,0.03");

  it("aligns by date when both files have dates; a missing date is a missing return", () => {
    const bench = parseReturnsFile("2024-01-01,0.5\n2024-01-02,-0.01\n2024-01-04,0.02\n2024-01-05,0.1");
    expect(alignBenchmark(strategy, bench)).toEqual([-0.01, null, 0.02]);
    expect(() => alignBenchmark(strategy, parseReturnsFile("2023-01-02,0.01"))).toThrow("no date in common");
  });

  it("aligns by position otherwise, and needs as many returns", () => {
    expect(alignBenchmark(strategy, parseReturnsFile("0.1\n0.2\n0.3"))).toEqual([0.1, 0.2, 0.3]);
    expect(alignBenchmark(parseReturnsFile("0.1\n0.2"), parseReturnsFile("2024-01-02,0\n2024-01-03,1%"))).toEqual([0, 0.01]);
    expect(() => alignBenchmark(strategy, parseReturnsFile("0.1\n0.2"))).toThrow("the benchmark has 2 returns and the strategy 3");
  });
});
