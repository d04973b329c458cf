import { act, render, screen } from "@testing-library/react";
import { usePathname } from "next/navigation";
import type { ClientConfig } from "@/lib/domain/client-config";
import { installChunkErrorReload, reloadIfUpdatePending, startBuildPoller } from "@/lib/client/build-updates";
import { installErrorReporter } from "@/lib/client/error-reporter";
import { getFingerprint } from "@/lib/client/fingerprint";
import { bootIntercom, isIntercomBooted, updateIntercom } from "@/lib/client/intercom";
import { captureReferral } from "@/lib/client/referral";
import { fetchUserInfoIfMissing } from "@/lib/client/userinfo";
import { ClientPlumbing } from "./ClientPlumbing";
import { ErrorPlumbing } from "./ErrorPlumbing";
import { useFingerprint } from "./fingerprint-context";

jest.mock("next/navigation", () => ({ usePathname: jest.fn(() => "/") }));
jest.mock("next/script", () => ({
  __esModule: true,
  default: ({ id, src }: { id: string; src: string }) => <div data-testid={id} data-src={src} />,
}));
jest.mock("@/lib/client/error-reporter", () => ({ installErrorReporter: jest.fn(() => jest.fn()) }));
jest.mock("@/lib/client/build-updates", () => ({
  installChunkErrorReload: jest.fn(() => jest.fn()),
  startBuildPoller: jest.fn(() => jest.fn()),
  reloadIfUpdatePending: jest.fn(() => false),
}));
jest.mock("@/lib/client/referral", () => ({ captureReferral: jest.fn() }));
jest.mock("@/lib/client/intercom", () => ({
  bootIntercom: jest.fn(async () => {}),
  isIntercomBooted: jest.fn(() => false),
  updateIntercom: jest.fn(),
  intercomUser: jest.requireActual("@/lib/client/intercom").intercomUser,
}));
jest.mock("@/lib/client/userinfo", () => ({
  fetchUserInfoIfMissing: jest.fn(async () => null),
  loadUserInfo: jest.fn(() => null),
}));
jest.mock("@/lib/client/fingerprint", () => {
  let computed: unknown = null;
  const listeners = new Set<() => void>();
  return {
    getFingerprint: jest.fn(async () => {
      computed = { hash: "h1", encryptedData: "e1", isWebdriver: false };
      listeners.forEach((listener) => listener());
      return computed;
    }),
    peekFingerprint: () => computed,
    onFingerprint: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
});

const config: ClientConfig = {
  siteName: "量化学堂", siteUrl: "https://www.example.com", apiHosts: [], intercomAppId: null, gaId: null,
  baiduTongjiId: null, supportEmail: "help@example.com", fingerprintKey: "k", fingerprintIv: "iv", buildId: "b1",
  isDevelopment: false,
};

const pathnameMock = usePathname as jest.Mock;

function FingerprintProbe() {
  const fingerprint = useFingerprint();
  return <span>{fingerprint ? fingerprint.hash : "pending"}</span>;
}

beforeEach(() => {
  jest.clearAllMocks();
  pathnameMock.mockReturnValue("/");
});

describe("ClientPlumbing", () => {
  it("renders no fingerprint before it is computed", () => {
    render(<FingerprintProbe />);
    expect(screen.getByText("pending")).toBeInTheDocument();
  });

  it("ErrorPlumbing starts the reporter and the chunk reload with the page", () => {
    render(<ErrorPlumbing isDevelopment={false} buildId="b1" />);
    expect(installErrorReporter).toHaveBeenCalledWith({ isDevelopment: false });
    expect(installChunkErrorReload).toHaveBeenCalledWith({ buildId: "b1" });
  });

  it("starts the referral capture and build poller on mount", async () => {
    render(<ClientPlumbing config={config} />);
    await act(async () => {});
    expect(installErrorReporter).not.toHaveBeenCalled();
    expect(captureReferral).toHaveBeenCalledTimes(1);
    expect(startBuildPoller).toHaveBeenCalledWith({ buildId: "b1" });
    expect(bootIntercom).not.toHaveBeenCalled();
  });

  it("provides the fingerprint, computed once the page has been painted, to what it wraps and to components elsewhere on the page", async () => {
    // jsdom has no paint timing: report the page's first contentful paint as a browser would.
    Object.defineProperty(performance, "getEntriesByName", {
      configurable: true,
      value: (name: string) => (name === "first-contentful-paint" ? [{ name, entryType: "paint", startTime: 120 }] : []),
    });
    render(
      <>
        <ClientPlumbing config={config}><FingerprintProbe /></ClientPlumbing>
        <FingerprintProbe />
      </>,
    );
    expect(await screen.findAllByText("h1")).toHaveLength(2);
    expect(getFingerprint).toHaveBeenCalledWith({ fingerprintKey: "k", fingerprintIv: "iv" });
    delete (performance as { getEntriesByName?: unknown }).getEntriesByName;
  });

  it("boots the chat widget only when an app id is configured", async () => {
    render(<ClientPlumbing config={{ ...config, intercomAppId: "app1" }} />);
    await act(async () => {});
    expect(bootIntercom).toHaveBeenCalledWith("app1", null);
  });

  it("loads analytics only when configured", async () => {
    const { rerender } = render(<ClientPlumbing config={config} />);
    await act(async () => {});
    const gtagScript = () => document.head.querySelector('script[src^="https://www.googletagmanager.com/gtag/js"]');
    expect(gtagScript()).toBeNull();
    expect(screen.queryByTestId("baidu-tongji")).toBeNull();
    rerender(<ClientPlumbing config={{ ...config, gaId: "G-1", baiduTongjiId: "bd1" }} />);
    await act(async () => {});
    // gtag.js from Google's host, its queue set up from the bundle: no inline script (ADR 0065).
    expect(gtagScript()).toHaveAttribute("src", "https://www.googletagmanager.com/gtag/js?id=G-1");
    expect(document.querySelectorAll("script:not([src])")).toHaveLength(0);
    const queue = (window as unknown as { dataLayer: IArguments[] }).dataLayer.map((args) => [...args]);
    expect(queue).toContainEqual(["config", "G-1"]);
    expect(screen.getByTestId("baidu-tongji")).toHaveAttribute("data-src", "https://hm.baidu.com/hm.js?bd1");
  });

  it("fetches the user info on every pathname change and reloads for a pending build on navigation", async () => {
    const { rerender } = render(<ClientPlumbing config={config} />);
    await act(async () => {});
    expect(fetchUserInfoIfMissing).toHaveBeenLastCalledWith("/", expect.objectContaining({ get: expect.any(Function) }));
    expect(reloadIfUpdatePending).not.toHaveBeenCalled();

    pathnameMock.mockReturnValue("/rank");
    rerender(<ClientPlumbing config={config} />);
    await act(async () => {});
    expect(reloadIfUpdatePending).toHaveBeenCalledTimes(1);
    expect(fetchUserInfoIfMissing).toHaveBeenLastCalledWith("/rank", expect.anything());

    (reloadIfUpdatePending as jest.Mock).mockReturnValueOnce(true);
    pathnameMock.mockReturnValue("/quant");
    rerender(<ClientPlumbing config={config} />);
    await act(async () => {});
    expect(fetchUserInfoIfMissing).not.toHaveBeenCalledWith("/quant", expect.anything());
  });

  it("updates the chat widget when the user info arrives", async () => {
    const member = { nickName: "n", avatar: "", mobile: "", email: "", invitationCode: "", levelEndDate: "",
      levelName: "", levelId: 0, levelCode: "free", uguid: "u1" };
    (fetchUserInfoIfMissing as jest.Mock).mockResolvedValueOnce(member);
    (isIntercomBooted as jest.Mock).mockReturnValueOnce(true);
    render(<ClientPlumbing config={{ ...config, intercomAppId: "app1" }} />);
    await act(async () => {});
    expect(updateIntercom).toHaveBeenCalledWith({ user_id: "u1", name: "n" });
  });
});
