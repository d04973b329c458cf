import fs from "node:fs";

const read = (file: string) => fs.readFileSync(file, "utf8");

// Next renders the root not-found and forbidden boundaries into the RSC payload of every page, unused, beside the
// layout. As client references they cost a few bytes there; as server-rendered screens they cost their whole element
// tree on every request (10 kB of /disclaimer's 23 kB payload, ADR 0018).
describe("the 404 and 403 boundaries every page carries", () => {
  it("draw their screen through a client component, not as a server-rendered tree", () => {
    for (const file of ["app/not-found.tsx", "app/forbidden.tsx"]) {
      const source = read(file);
      expect([file, /from "@\/components\/errors\/BoundaryErrorScreen"/.test(source)]).toEqual([file, true]);
      expect([file, /from "@\/components\/errors\/ErrorScreen"/.test(source)]).toEqual([file, false]);
    }
    expect(read("components/errors/BoundaryErrorScreen.tsx")).toMatch(/^"use client";/);
  });
});
