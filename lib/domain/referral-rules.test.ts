import fc from "fast-check";
import { decideReferral, REFERRAL_IP_BURST } from "./referral-rules";

const known = { deviceKnown: true } as const;

describe("referral reward rules", () => {
  it("grants an ordinary invitation from a device the server signed", () => {
    expect(decideReferral({ ...known, selfInvitation: false, deviceAlreadyRewarded: false, recentFromSameIp: 0 })).toEqual({ status: "granted" });
  });

  it("never grants without a signed device cookie, whatever else is true: it waits for review (ADR 0027)", () => {
    fc.assert(fc.property(fc.boolean(), fc.boolean(), fc.nat(20), (self, device, ip) => {
      expect(decideReferral({ deviceKnown: false, selfInvitation: self, deviceAlreadyRewarded: device, recentFromSameIp: ip })).toEqual({ status: "held", reason: "no-device" });
    }));
  });

  it("never grants on a sign of self-invitation, whatever else is true: it waits for review", () => {
    fc.assert(fc.property(fc.boolean(), fc.nat(20), (device, ip) => {
      expect(decideReferral({ ...known, selfInvitation: true, deviceAlreadyRewarded: device, recentFromSameIp: ip })).toEqual({ status: "held", reason: "self-device" });
    }));
  });

  it("holds a second reward from one device and a burst from one address for review", () => {
    expect(decideReferral({ ...known, selfInvitation: false, deviceAlreadyRewarded: true, recentFromSameIp: 0 })).toEqual({ status: "held", reason: "device" });
    expect(decideReferral({ ...known, selfInvitation: false, deviceAlreadyRewarded: false, recentFromSameIp: REFERRAL_IP_BURST - 1 }).status).toBe("granted");
    expect(decideReferral({ ...known, selfInvitation: false, deviceAlreadyRewarded: false, recentFromSameIp: REFERRAL_IP_BURST })).toEqual({ status: "held", reason: "ip-burst" });
  });
});
