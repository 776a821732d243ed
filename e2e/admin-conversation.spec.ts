import type { APIRequestContext, Page } from "@playwright/test";
import type { DashboardSummary } from "@shared/schemas/analytics";
import type { ContactSubmission } from "@shared/schemas/contact";
import type { Signature } from "@shared/schemas/signature";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { adminSession, checkPhoneLayout, openAdmin, unique } from "./admin-helpers";
import { expect, expectNoAxeViolations, receivedMails, test } from "./fixtures";

/**
 * The inbox as a conversation (decision 0115): a reply carrying a product document and an uploaded file (another one
 * taken back), the timeline and who replied, the state (select, "Marquer comme répondu", "Rouvrir") with the filter
 * chips, the dashboard's count and its link to "À traiter", and the signature of Mon compte.
 * Mails from the buyer come from the mailbox, which a browser cannot fill: the server's tests cover them.
 */

/** The demo product that has documents (server/seed/demo-documents.ts). */
const PRODUCT = "ulva-lactuca";

async function createMessage(request: APIRequestContext, fullName: string, email: string): Promise<ContactSubmission> {
  const response = await request.post("/api/contact", {
    data: {
      fullName,
      email,
      subject: "Fiche technique de l'Ulva",
      message: "Bonjour,\nPouvez-vous m'envoyer la fiche technique et vos conditions de vente ?",
      product: PRODUCT,
      requestType: "documents",
    },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as ContactSubmission;
}

/** A small valid PDF, as a buyer's file would be. */
async function pdfFile(name: string) {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  document.addPage([595, 842]).drawText("Conditions generales de vente", { x: 56, y: 770, size: 14, font });
  return { name, mimeType: "application/pdf", buffer: Buffer.from(await document.save()) };
}

const ticketOf = (page: Page) => page.getByRole("region", { name: /^Ticket #/ });

test.describe("admin conversation", () => {
  test("a reply carries a product document and an uploaded PDF, shows in the timeline with them, then the thread is filtered and closed", async ({
    page,
    request,
    api,
  }) => {
    const fullName = unique("Amira Ben Salah");
    const email = `amira.${Date.now()}@example.com`;
    const message = await createMessage(request, fullName, email);
    expect(message.state).toBe("new");
    await openAdmin(page, "/admin/contacts");
    // The e2e servers have no IMAP_URL: the inbox says where buyers' answers go.
    await expect(page.getByTestId("inbox-mailbox")).toContainText("Les réponses des acheteurs ne sont pas importées ici (IMAP_URL");

    const row = page.getByRole("button", { name: new RegExp(fullName) });
    await row.click();
    const ticket = ticketOf(page);
    await expect(ticket.getByTestId("ticket-state")).toHaveText(/Nouveau/);
    // The ticket's number is the one our mails' subjects end with.
    expect(message.ref).toBe(message._id.slice(-6).toUpperCase());
    await expect(ticket.getByRole("heading", { name: `Ticket #${message.ref}` })).toBeVisible();

    const documents = ticket.getByRole("group", { name: "Joindre un document du produit" });
    const sheet = documents.getByRole("checkbox", { name: /Fiche technique \(Français\)/ });
    await sheet.check();
    await expect(ticket.getByTestId("reply-attachments-total")).toContainText(/^1 pièce jointe, [\d,]+\s(o|Ko) sur 10\sMo au plus$/);

    const fileInput = ticket.getByLabel("Joindre un fichier");
    await fileInput.setInputFiles(await pdfFile("conditions-de-vente.pdf"));
    await expect(ticket.getByRole("button", { name: "Retirer conditions-de-vente.pdf" })).toBeVisible();
    // A second file, then taken back (the server deletes the draft): only the first goes.
    await fileInput.setInputFiles(await pdfFile("brouillon.pdf"));
    const removal = page.waitForResponse(
      (r) => r.request().method() === "DELETE" && new RegExp(`/api/contact/${message._id}/files/[^/]+$`).test(r.url()),
    );
    await ticket.getByRole("button", { name: "Retirer brouillon.pdf" }).click();
    expect((await removal).status()).toBe(204);
    await expect(ticket.getByRole("button", { name: "Retirer brouillon.pdf" })).toHaveCount(0);
    await expect(ticket.getByTestId("reply-attachments-total")).toContainText(/^2 pièces jointes/);
    await expectNoAxeViolations(page);

    const replyText = `Bonjour, voici la fiche technique et nos conditions (${Date.now()}).`;
    await ticket.getByLabel("Votre réponse").fill(replyText);
    await ticket.getByRole("button", { name: "Envoyer la réponse" }).click();
    await expect(ticket.getByRole("status")).toContainText("Email envoyé avec succès!");
    await expect(sheet).not.toBeChecked();
    await expect(ticket.getByTestId("reply-attachments-total")).toHaveText("");

    const sent = ticket.getByTestId("sent-reply");
    await expect(sent).toContainText("Réponse #1");
    await expect(sent).toContainText(replyText);
    // Who replied: the signed-in account, once the thread is read again.
    const { user } = await adminSession(page);
    await expect(sent.getByTestId("reply-author")).toHaveText(`Réponse de ${user.email}`);
    await expect(sent.getByTestId("reply-delivery")).toHaveText("Envoyé");
    const attachments = sent.getByTestId("thread-attachments");
    await expect(attachments.getByRole("button")).toHaveCount(2);
    await expect(attachments.getByRole("button", { name: /^Télécharger ulva-lactuca-tds-fr\.pdf \([\d,]+\s(o|Ko)\)$/ })).toBeVisible();
    await expect(attachments.getByRole("button", { name: /^Télécharger conditions-de-vente\.pdf/ })).toBeVisible();
    const download = page.waitForEvent("download");
    await attachments.getByRole("button", { name: /conditions-de-vente\.pdf/ }).click();
    expect((await download).suggestedFilename()).toBe("conditions-de-vente.pdf");
    await expect
      .poll(() => receivedMails().filter((mail) => mail.envelopeTo.includes(email) && mail.text.includes(replyText)).length)
      .toBe(1);

    // Replied: the conversation waits for the buyer, on the row and in the ticket.
    await expect(ticket.getByTestId("ticket-state")).toHaveText(/En attente du client/);
    await expect(row).toContainText("En attente du client");

    // The state is a select beside the "Afficher" filter; both are kept in the address.
    const stateSelect = page.getByTestId("inbox-state");
    await expect(stateSelect).toHaveAccessibleName("État");
    await expect(stateSelect).toHaveValue("");
    await stateSelect.selectOption({ label: "Nouveau" });
    await expect(page).toHaveURL(/\/admin\/contacts\?state=new$/);
    await expect(row).toHaveCount(0);
    await stateSelect.selectOption({ label: "En attente du client" });
    await expect(stateSelect).toHaveValue("waiting_customer");
    await expect(page).toHaveURL(/\/admin\/contacts\?state=waiting_customer$/);
    await expect(row).toBeVisible();
    const list = page.locator("ul").filter({ has: row });
    await expect(list.getByRole("button").filter({ hasNotText: "En attente du client" })).toHaveCount(0);

    await ticket.getByRole("button", { name: "Marquer comme répondu" }).click();
    await expect(page.getByText("Conversation marquée comme répondue")).toBeVisible();
    // Closed: out of the "En attente du client" list, the ticket stays open and says so.
    await expect(row).toHaveCount(0);
    await expect(ticket.getByTestId("ticket-state")).toHaveText(/Répondu/);
    await expect(ticket.getByRole("button", { name: "Rouvrir" })).toBeVisible();
    await expect
      .poll(async () => (await api.get<ContactSubmission[]>("/api/contact/submissions?state=answered")).some((m) => m._id === message._id))
      .toBe(true);
    await stateSelect.selectOption({ label: "Répondu" });
    await expect(row).toContainText("Répondu");
    // The "Afficher" filter and the state combine: "Avec réponse" (the old "Répondus") and "Répondu".
    const filters = page.getByTestId("inbox-filters");
    await filters.selectOption({ label: "Avec réponse" });
    await expect(filters).toHaveValue("replied");
    await expect(page).toHaveURL(/\/admin\/contacts\?state=answered&filter=replied$/);
    await expect(row).toContainText("Répondu");
    await filters.selectOption({ label: "À traiter" });
    await expect(page).toHaveURL(/\/admin\/contacts\?state=answered&filter=waiting$/);
    await expect(row).toHaveCount(0);
    await stateSelect.selectOption({ label: "Tous les états" });
    await filters.selectOption({ label: "Avec réponse" });
    await expect(page).toHaveURL(/\/admin\/contacts\?filter=replied$/);
    await expect(row).toBeVisible();
    await expectNoAxeViolations(page);
    await checkPhoneLayout(page, "contacts-conversation");
    await page.setViewportSize({ width: 375, height: 812 });
    await expectNoAxeViolations(page);
  });

  test("the dashboard counts the conversations waiting for us and links to the inbox filtered on them", async ({ page, request, api }) => {
    const fullName = unique("Sami Khelifi");
    const message = await createMessage(request, fullName, `sami.${Date.now()}@example.com`);
    await openAdmin(page, "/admin");
    const summary = await api.get<DashboardSummary>("/api/analytics/summary");
    expect(summary.waitingForUs).toBeGreaterThan(0);
    const card = page.locator("div", { has: page.getByText("Conversations en attente de notre réponse", { exact: true }) }).last();
    await expect(card).toContainText(String(summary.waitingForUs));
    // One link, to the inbox's "À traiter" filter: new conversations and those the buyer answered last.
    await expect(card.getByRole("link")).toHaveCount(1);
    await expect(card.getByRole("link", { name: "Voir les conversations à traiter" })).toHaveAttribute(
      "href",
      "/admin/contacts?filter=waiting",
    );
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 375, height: 812 });
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 1280, height: 800 });

    await card.getByRole("link", { name: "Voir les conversations à traiter" }).click();
    await expect(page).toHaveURL(/\/admin\/contacts\?filter=waiting$/);
    const waitingChip = page.getByTestId("inbox-filters");
    await expect(waitingChip).toHaveValue("waiting");
    const row = page.getByRole("button", { name: new RegExp(fullName) });
    await expect(row).toContainText("Nouveau");
    await row.click();
    await ticketOf(page).getByRole("button", { name: "Marquer comme répondu" }).click();
    await expect(page.getByText("Conversation marquée comme répondue")).toBeVisible();
    await expect(row).toHaveCount(0);
    await expect
      .poll(async () => (await api.get<DashboardSummary>("/api/analytics/summary")).waitingForUs)
      .toBe((summary.waitingForUs ?? 0) - 1);

    // Reopened, it waits for our answer again.
    await ticketOf(page).getByRole("button", { name: "Rouvrir" }).click();
    await expect(page.getByText("Conversation rouverte : en attente de notre réponse")).toBeVisible();
    await expect(ticketOf(page).getByTestId("ticket-state")).toHaveText(/En attente de notre réponse/);
    // The server's answer is the updated message: back in the "À traiter" list, in its new state.
    await expect(row).toContainText("En attente de notre réponse");
    await expect
      .poll(async () =>
        (await api.get<ContactSubmission[]>("/api/contact/submissions?state=waiting_us")).some((m) => m._id === message._id),
      )
      .toBe(true);

    await page.getByRole("link", { name: "Dashboard" }).click();
    await expect(card).toContainText(String(summary.waitingForUs));
    await card.getByRole("link", { name: "Voir les conversations à traiter" }).click();
    await expect(waitingChip).toHaveValue("waiting");
    await expect(page.getByTestId("inbox-state")).toHaveValue("");
    await expect(page.getByRole("button", { name: new RegExp(fullName) })).toContainText("En attente de notre réponse");
  });

  test("a file over the reply's 10 MB or of another type is refused, said in the reply form", async ({ page, request }) => {
    const fullName = unique("Hédi Zouari");
    await createMessage(request, fullName, `hedi.${Date.now()}@example.com`);
    await openAdmin(page, "/admin/contacts");
    await page.getByRole("button", { name: new RegExp(fullName) }).click();
    const ticket = ticketOf(page);
    const fileInput = ticket.getByLabel("Joindre un fichier");
    const uploads: string[] = [];
    page.on("request", (r) => {
      if (r.url().endsWith("/files")) uploads.push(r.url());
    });

    // Refused in the browser: nothing is sent.
    await fileInput.setInputFiles({ name: "catalogue.pdf", mimeType: "application/pdf", buffer: Buffer.alloc(10 * 1024 * 1024 + 1, 0x20) });
    await expect(ticket.getByRole("alert")).toHaveText(
      "Les pièces jointes d'une réponse font au plus 10 Mo en tout : catalogue.pdf ne peut pas s'y ajouter.",
    );
    expect(uploads).toEqual([]);

    // Refused by the server (not a PDF nor an image, whatever its name), in the screen's words.
    await fileInput.setInputFiles({ name: "notes.pdf", mimeType: "application/pdf", buffer: Buffer.from("just some text") });
    await expect(ticket.getByRole("alert")).toHaveText("Joignez un PDF ou une image (JPEG, PNG, WebP)");
    await expect(ticket.getByRole("button", { name: /^Retirer/ })).toHaveCount(0);
  });

  test("Mon compte: the reply signature is saved and ends the next reply's e-mail", async ({ page, request, api }) => {
    const before = await api.get<Signature>("/api/auth/signature");
    const signature = { name: unique("Mouna Jelassi"), title: "Responsable export", phone: "+216 72 000 111" };
    try {
      await openAdmin(page, "/admin/account");
      const section = page.getByTestId("signature-section");
      await expect(section.getByRole("heading", { name: "Signature des réponses" })).toBeVisible();
      await expect(section).toBeVisible();
      await section.getByLabel("Nom").fill(signature.name);
      await section.getByLabel("Fonction").fill(signature.title);
      await section.getByLabel("Téléphone").fill(signature.phone);
      await expect(section.getByTestId("signature-preview")).toContainText(signature.title);
      await section.getByRole("button", { name: "Enregistrer la signature" }).click();
      await expect(page.getByText("Signature enregistrée")).toBeVisible();
      expect(await api.get<Signature>("/api/auth/signature")).toEqual(signature);
      await expectNoAxeViolations(page);
      await page.setViewportSize({ width: 375, height: 812 });
      await expectNoAxeViolations(page);

      const email = `signature.${Date.now()}@example.com`;
      const message = await createMessage(request, unique("Signature Client"), email);
      await api.post(`/api/contact/${message._id}/reply`, { replyMessage: "Bonjour, merci pour votre message." });
      await expect.poll(() => receivedMails().find((mail) => mail.envelopeTo.includes(email))?.text ?? "").toContain(signature.name);
      expect(receivedMails().find((mail) => mail.envelopeTo.includes(email))?.text).toContain(signature.title);
    } finally {
      await api.put("/api/auth/signature", before);
    }
  });
});
