/**
 * @jest-environment jsdom
 */
import { FluentProvider, webLightTheme } from "@fluentui/react-components";
import type { TeamMemberView } from "@pointwise/core/presented";
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { TeamMemberRow } from "./TeamMemberRow";
import { managesMembers, memberActions, teamRoleLabel } from "./teamRoles";

/** Server-renders a component into a detached element to query it. */
function render(element: ReactElement): HTMLElement {
  const root = document.createElement("div");
  root.innerHTML = renderToStaticMarkup(<FluentProvider theme={webLightTheme}>{element}</FluentProvider>);
  return root;
}

const member = (id: string, role: string, user: Partial<TeamMemberView["user"]> = {}): TeamMemberView => ({
  id: `m-${id}`,
  role,
  joinedAt: "2026-03-04T10:00:00.000Z",
  user: { id, firstName: null, lastName: null, email: `${id}@example.com`, profileImageUrl: null, ...user },
});

const owner = member("owner", "owner", { firstName: "Olga" });
const admin = member("admin", "admin", { firstName: "Ada" });
const moderator = member("mod", "moderator");
const plain = member("plain", "member", { firstName: "Mia", lastName: "Lee" });

describe("team roles (spec part 2 section 6)", () => {
  it("names roles on badges, the creator as Owner", () => {
    expect(["owner", "admin", "moderator", "member"].map((r) => teamRoleLabel(r))).toEqual([
      "Owner",
      "Admin",
      "Moderator",
      "Member",
    ]);
    expect(teamRoleLabel("admin", true)).toBe("Owner");
  });

  it("lets the owner and admins manage others, never themselves nor the owner", () => {
    expect(memberActions(owner, admin).manage).toBe(true);
    expect(memberActions(admin, plain).manage).toBe(true);
    expect(memberActions(admin, admin).manage).toBe(false);
    expect(memberActions(admin, owner).manage).toBe(false);
    expect(memberActions(owner, owner).manage).toBe(false);
    expect(memberActions(moderator, plain).manage).toBe(false);
    expect(memberActions(plain, moderator).manage).toBe(false);
    expect(memberActions(undefined, plain).manage).toBe(false);
    expect([owner, admin, moderator, plain].map(managesMembers)).toEqual([true, true, false, false]);
  });
});

describe("TeamMemberRow", () => {
  const noop = () => {};

  it("shows the name, role badge and joined date, and no controls for a viewer who cannot manage", () => {
    const root = render(
      <TeamMemberRow member={plain} isCreator={false} manage={false} onRoleChange={noop} onRemove={noop} />,
    );
    expect(root.textContent).toContain("Mia Lee");
    expect(root.querySelector('[data-testid="role-badge"]')?.textContent).toBe("Member");
    expect(root.textContent).toContain(`Joined ${new Date(plain.joinedAt).toLocaleDateString()}`);
    expect(root.querySelector('[aria-label="Remove Mia Lee"]')).toBeNull();
    expect(root.querySelector('[aria-label="Role of Mia Lee"]')).toBeNull();
  });

  it("falls back to the e-mail, and offers the role selector and remove to managers", () => {
    const root = render(
      <TeamMemberRow member={moderator} isCreator={false} manage onRoleChange={noop} onRemove={noop} />,
    );
    expect(root.textContent).toContain("mod@example.com");
    expect(root.querySelector('[data-testid="role-badge"]')?.textContent).toBe("Moderator");
    expect(root.querySelector('[aria-label="Remove mod@example.com"]')).not.toBeNull();
    expect(root.querySelector('[aria-label="Role of mod@example.com"]')).not.toBeNull();
  });

  it("shows the creator as Owner", () => {
    const root = render(<TeamMemberRow member={owner} isCreator manage={false} onRoleChange={noop} onRemove={noop} />);
    expect(root.querySelector('[data-testid="role-badge"]')?.textContent).toBe("Owner");
  });
});
