import { startupOriginLines } from "./first-run";

describe("startupOriginLines", () => {
  it("with SITE_URL unset names the derived origin and says both local addresses work, without a warning", () => {
    const { info, warnings } = startupOriginLines({ siteUrl: "http://localhost:3400", siteUrlConfigured: false, port: 3400 });
    expect(info.join("\n")).toContain("Origin for absolute links (e-mails, sitemap, share links): http://localhost:3400 (SITE_URL unset)");
    expect(info.join("\n")).toContain("http://127.0.0.1:3400");
    expect(warnings).toEqual([]);
  });

  it("with SITE_URL set names it, and warns only when its port is not the server's", () => {
    expect(startupOriginLines({ siteUrl: "http://localhost:3400", siteUrlConfigured: true, port: 3400 }).warnings).toEqual([]);
    const stale = startupOriginLines({ siteUrl: "http://localhost:3000", siteUrlConfigured: true, port: 3400 });
    expect(stale.info.join("\n")).toContain("Origin for absolute links and for forms: http://localhost:3000 (SITE_URL");
    expect(stale.warnings).toEqual([expect.stringContaining("names port 3000, but this server listens on 3400")]);
    expect(stale.warnings[0]).toContain("Set SITE_URL=http://localhost:3400");
  });

  it("counts a URL's default port (443, 80) and hedges for a public host behind a proxy", () => {
    expect(startupOriginLines({ siteUrl: "http://www.example.com", siteUrlConfigured: true, port: 80 }).warnings).toEqual([]);
    const proxied = startupOriginLines({ siteUrl: "https://www.example.com", siteUrlConfigured: true, port: 3000 });
    expect(proxied.warnings).toEqual([expect.stringContaining("names port 443, but this server listens on 3000: fine behind a reverse proxy")]);
  });
});
