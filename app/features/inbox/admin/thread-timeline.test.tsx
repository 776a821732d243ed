// @vitest-environment happy-dom
import type { Thread } from "@shared/schemas/contact";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { ScreenLang } from "~/i18n/screen-lang";
import { inboxKeys } from "./inbox-cache";
import { testMessage } from "./test-message";
import { ThreadTimeline } from "./thread-timeline";

afterEach(cleanup);

const message = testMessage("0b6f3c1e-7d44-4a51-9a55-1f0c2b3d4e5f", {
  fullName: "Leila Trabelsi",
  email: "leila@example.com",
  isRead: true,
  createdAt: "2026-11-24T09:00:00.000Z",
  replies: [{ message: "Voici notre offre.", sentAt: "2026-11-24T10:00:00.000Z", delivery: { status: "sent" } }],
  state: "waiting_us",
  ref: "A1B2C3",
  undeliverable: true,
});

const file = (id: string, fileName: string, size: number, stored = true) => ({
  _id: id,
  fileName,
  contentType: "application/pdf",
  size,
  stored,
  productId: null,
  documentId: null,
});

const thread: Thread = {
  entries: [
    {
      direction: "out",
      at: "2026-11-24T10:00:00.000Z",
      message: "Voici notre offre.",
      author: "sami@example.com",
      delivery: { status: "pending" },
      attachments: [file("f1", "fiche-technique.pdf", 2048)],
    },
    {
      direction: "in",
      _id: "m1",
      at: "2026-11-24T11:00:00.000Z",
      kind: "reply",
      fromName: "Leila T.",
      fromAddress: "leila.perso@example.org",
      fromOtherAddress: true,
      subject: "Re: Devis [#A1B2C3]",
      text: "<b>Merci</b> <img src=x onerror=alert(1)>",
      fullText: "<b>Merci</b>\n\n> Le 24/11, vous avez écrit : Voici notre offre.",
      notice: "",
      attachments: [file("f2", "bon-de-commande.pdf", 5 * 1024 * 1024), file("f3", "video.mov", 40 * 1024 * 1024, false)],
    },
    {
      direction: "in",
      _id: "m2",
      at: "2026-11-24T12:00:00.000Z",
      kind: "auto_reply",
      fromName: "Leila T.",
      fromAddress: "leila@example.com",
      fromOtherAddress: false,
      subject: "Absence",
      text: "Je suis absente.",
      fullText: "Je suis absente.",
      notice: "too_large",
      attachments: [],
    },
    {
      direction: "in",
      _id: "m3",
      at: "2026-11-24T13:00:00.000Z",
      kind: "bounce",
      fromName: "",
      fromAddress: "mailer-daemon@example.com",
      fromOtherAddress: false,
      subject: "Undelivered",
      text: "550 no such user",
      fullText: "550 no such user",
      notice: "unreadable",
      attachments: [],
    },
  ],
};

function show(lang: "fr" | "en" = "fr") {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY, retry: false } } });
  client.setQueryData(inboxKeys.thread(message._id), thread);
  const { container } = render(
    <QueryClientProvider client={client}>
      <ScreenLang lang={lang}>
        <ThreadTimeline message={message} />
      </ScreenLang>
    </QueryClientProvider>,
  );
  return container;
}

describe("ThreadTimeline, the conversation after the first message", () => {
  it("lists our reply and the buyer's mails oldest first, each with who and when", () => {
    show();
    const items = screen.getAllByRole("listitem").filter((item) => item.parentElement?.tagName === "OL");
    expect(items.map((item) => item.getAttribute("data-kind") ?? "out")).toEqual(["out", "reply", "auto_reply", "bounce"]);
    expect(items[0]?.textContent).toContain("Réponse #1");
    expect(items[0]?.textContent).toMatch(/Réponse de sami@example\.com · Envoyée le \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    // The delivery is the message's (read again while an e-mail waits), not the thread's older one.
    expect(within(items[0] as HTMLElement).getByTestId("reply-delivery").textContent).toBe("Envoyé");
    expect(items[1]?.textContent).toContain("Réponse de Leila T.");
    expect(items[1]?.textContent).toMatch(/Reçue le \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    expect(items[1]?.textContent).toContain("depuis une autre adresse : leila.perso@example.org");
    expect(within(items[2] as HTMLElement).getByText("Réponse automatique")).toBeTruthy();
    expect(within(items[3] as HTMLElement).getByText("Non distribué")).toBeTruthy();
    expect(items[3]?.textContent).toContain("mailer-daemon@example.com");
  });

  it("says why a mail could not be imported whole, in words, beside what was read of it", () => {
    show();
    const notices = screen.getAllByTestId("thread-notice").map((notice) => notice.textContent);
    expect(notices).toEqual([
      "Message trop volumineux pour être importé : ouvrez-le dans la boîte mail.",
      "Message illisible (structure MIME invalide) : ouvrez-le dans la boîte mail.",
    ]);
    expect(screen.getByText("Je suis absente.")).toBeTruthy();
  });

  it("shows a mail's text as text, never as HTML, and the whole mail behind a disclosure", () => {
    const container = show();
    expect(container.querySelector("img, b")).toBeNull();
    expect(screen.getByText("<b>Merci</b> <img src=x onerror=alert(1)>")).toBeTruthy();
    const details = container.querySelector("details");
    expect(details?.querySelector("summary")?.textContent).toBe("Voir le message complet");
    expect(details?.textContent).toContain("> Le 24/11, vous avez écrit : Voici notre offre.");
    // The auto-reply says nothing more than its text: no disclosure for it.
    expect(container.querySelectorAll("details")).toHaveLength(1);
  });

  it("offers each kept file as a download button with its name and size, and names a file not kept", () => {
    show();
    expect(screen.getByRole("button", { name: "Télécharger fiche-technique.pdf (2\u00a0Ko)" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Télécharger bon-de-commande.pdf (5\u00a0Mo)" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: /video\.mov/ })).toBeNull();
    expect(screen.getByText(/40 Mo · trop volumineux, non importé/)).toBeTruthy();
  });

  it("speaks English on an English screen", () => {
    show("en");
    expect(screen.getByText("Conversation")).toBeTruthy();
    expect(screen.getByText("Answer from Leila T.")).toBeTruthy();
    expect(screen.getByText("Reply from sami@example.com")).toBeTruthy();
    expect(screen.getByText("Message too large to be imported: open it in the mailbox.")).toBeTruthy();
    expect(screen.getByText("Unreadable message (invalid MIME structure): open it in the mailbox.")).toBeTruthy();
    expect(screen.getByText("Automatic reply")).toBeTruthy();
    expect(screen.getByText("Not delivered")).toBeTruthy();
    expect(screen.getByText("Show the whole message")).toBeTruthy();
    expect(screen.getByText(/too large, not imported/)).toBeTruthy();
  });
});
