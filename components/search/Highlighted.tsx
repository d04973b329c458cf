import { Fragment } from "react";
import type { TextSegment } from "@/lib/domain/search/kinds";

/** Highlighted text from the search layer: hits in <mark>, everything as React text (never HTML). */
export function Highlighted({ segments }: { segments: readonly TextSegment[] }) {
  return (
    <>
      {segments.map((s, i) =>
        s.hit ? (
          <mark key={i} className="rounded-sm bg-amber-100 px-0.5 text-inherit">
            {s.text}
          </mark>
        ) : (
          <Fragment key={i}>{s.text}</Fragment>
        ),
      )}
    </>
  );
}
