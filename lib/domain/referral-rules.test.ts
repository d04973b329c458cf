import fc from "fast-check";
import { decideReferral, REFERRAL_IP_BURST } from "./referral-rules";

describe("referral reward rules", () => {
  it("grants an ordinary invitation", () => {
    expect(decideReferral({ selfInvitation: false, deviceAlreadyRewarded: false, recentFromSameIp: 0 })).toEqual({ status: "granted" });
  });

  it("never grants on a sign of self-invitation, whatever else is true: it waits for review", () => {
    fc.assert(fc.property(fc.boolean(), fc.nat(20), (device, ip) => {
      expect(decideReferral({ selfInvitation: true, deviceAlreadyRewarded: device, recentFromSameIp: ip })).toEqual({ status: "held", reason: "self-device" });
    }));
  });

  it("holds a second reward from one device and a burst from one address for review", () => {
    expect(decideReferral({ selfInvitation: false, deviceAlreadyRewarded: true, recentFromSameIp: 0 })).toEqual({ status: "held", reason: "device" });
    expect(decideReferral({ selfInvitation: false, deviceAlreadyRewarded: false, recentFromSameIp: REFERRAL_IP_BURST - 1 }).status).toBe("granted");
    expect(decideReferral({ selfInvitation: false, deviceAlreadyRewarded: false, recentFromSameIp: REFERRAL_IP_BURST })).toEqual({ status: "held", reason: "ip-burst" });
  });
});
