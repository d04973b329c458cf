/**
 * The live-chat widget of SPEC §1 over @intercom/messenger-js-sdk, imported on first use so the SDK stays out of
 * the first-load bundle. The SDK's initialiser boots the widget the first time; after a shutdown, boot() re-boots.
 * The widget script comes from Intercom's CDN, which many visitors cannot reach: openIntercom reports whether the
 * messenger actually opened so callers can fall back to e-mail.
 */
import type { UserInfo } from "@/lib/domain/user-info";

type IntercomSdk = typeof import("@intercom/messenger-js-sdk");
export type IntercomUserData = Record<string, unknown>;

/** Id the SDK gives the widget <script> it inserts (instance-manager.ts). */
const WIDGET_SCRIPT_ID = "_intercom_npm_loader";
export const INTERCOM_OPEN_TIMEOUT_MS = 5000;

let sdk: IntercomSdk | null = null;
let initialised = false;
let booted = false;
let booting: Promise<void> | null = null;
let messengerVisible = false;
let widgetFailed = false;
let watchingWidget = false;
const openWaiters = new Set<(opened: boolean) => void>();

function loadSdk(): Promise<IntercomSdk> {
  return sdk ? Promise.resolve(sdk) : import("@intercom/messenger-js-sdk").then((module) => (sdk = module));
}

function settleWaiters(opened: boolean): void {
  for (const settle of openWaiters) settle(opened);
  openWaiters.clear();
}

function watchWidgetScript(): void {
  if (watchingWidget) return;
  watchingWidget = true;
  window.addEventListener("error", (event) => {
    const target = event.target;
    if (target instanceof HTMLScriptElement && target.id === WIDGET_SCRIPT_ID) {
      widgetFailed = true;
      settleWaiters(false);
    }
  }, true);
}

/** Intercom's user attributes for a member; visitors boot anonymously. */
export function intercomUser(user: UserInfo): IntercomUserData {
  return {
    user_id: user.uguid,
    name: user.nickName,
    ...(user.email ? { email: user.email } : {}),
    ...(user.avatar ? { avatar: { type: "avatar", image_url: user.avatar } } : {}),
  };
}

/** Boots the widget once (later calls while booted do nothing). Rejects if the SDK cannot be loaded. */
export function bootIntercom(appId: string, user?: UserInfo | null): Promise<void> {
  if (booted) return Promise.resolve();
  booting ??= loadSdk()
    .then((loaded) => {
      watchWidgetScript();
      const settings = { app_id: appId, ...(user ? intercomUser(user) : {}) };
      if (initialised) loaded.boot(settings);
      else loaded.default(settings);
      loaded.onShow(() => {
        messengerVisible = true;
        settleWaiters(true);
      });
      loaded.onHide(() => {
        messengerVisible = false;
      });
      initialised = true;
      booted = true;
    })
    .finally(() => {
      booting = null;
    });
  return booting;
}

export function isIntercomBooted(): boolean {
  return booted;
}

/** True once the widget script failed to load: the messenger cannot open on this page. */
export function isIntercomUnavailable(): boolean {
  return widgetFailed;
}

export function showIntercom(): void {
  if (booted) sdk?.show();
}

/** Shows the messenger; resolves true when it opened, false when it failed or did not open in time. */
export function openIntercom(timeoutMs: number = INTERCOM_OPEN_TIMEOUT_MS): Promise<boolean> {
  if (!booted || !sdk || widgetFailed) return Promise.resolve(false);
  if (messengerVisible) return Promise.resolve(true);
  const shown = new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => {
      openWaiters.delete(settle);
      resolve(false);
    }, timeoutMs);
    const settle = (opened: boolean) => {
      clearTimeout(timer);
      resolve(opened);
    };
    openWaiters.add(settle);
  });
  sdk.show();
  return shown;
}

export function hideIntercom(): void {
  if (booted) sdk?.hide();
}

export function updateIntercom(data: IntercomUserData): void {
  if (booted) sdk?.update(data);
}

export function shutdownIntercom(): void {
  if (!booted) return;
  sdk?.shutdown();
  booted = false;
  messengerVisible = false;
}
