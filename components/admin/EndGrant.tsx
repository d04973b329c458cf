"use client";

import { ConfirmAction } from "./ConfirmAction";
import { GRANTS_API } from "./admin-action";

/** 结束 for an active grant: its end becomes now. */
export function EndGrant({ grantId, description }: { grantId: string; description: string }) {
  return (
    <ConfirmAction
      label="结束"
      ariaLabel={`结束授权：${description}`}
      danger
      title="立即结束授权"
      confirmText="结束授权"
      endpoint={GRANTS_API}
      payload={{ action: "end", grantId }}
      success="授权已结束"
    >
      {description} 将在此刻结束。之后接续的授权不会提前开始。
    </ConfirmAction>
  );
}
