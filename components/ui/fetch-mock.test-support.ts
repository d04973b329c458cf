/**
 * The set-up the form tests share: the browser's fetch replaced by a mock, reset before each test, with helpers to
 * answer the next request and to read what a request sent. Import it from a test file only (it registers a hook).
 */
export function mockFetch() {
  const fetchMock = jest.fn();
  beforeEach(() => {
    jest.clearAllMocks();
    fetchMock.mockReset();
    globalThis.fetch = fetchMock as unknown as typeof fetch;
  });
  const call = (index: number) => fetchMock.mock.calls[index] as [string, RequestInit];
  return {
    fetchMock,
    /** The server's next answer: its status and JSON body. */
    respond(status: number, body: unknown) {
      fetchMock.mockResolvedValueOnce({ ok: status >= 200 && status < 300, status, json: async () => body });
    },
    /** The address of the `index`th request. */
    sentTo: (index = 0) => call(index)[0],
    /** The JSON body of the `index`th request. */
    sent: (index = 0) => JSON.parse(call(index)[1].body as string) as Record<string, unknown>,
    /** The multipart body of the `index`th request (an upload). */
    sentForm: (index = 0) => call(index)[1].body as FormData,
  };
}
