import type { ContactSubmission } from "@shared/schemas/contact";
import { checkPhoneLayout, openAdmin, unique } from "./admin-helpers";
import { expect, expectNoAxeViolations, receivedMails, test } from "./fixtures";

async function createMessage(request: import("@playwright/test").APIRequestContext, fullName: string, email: string) {
  const response = await request.post("/api/contact", {
    data: {
      fullName,
      email,
      phone: "+216 22 123 456",
      subject: "Devis pour 500 kg de salicorne",
      message: "Bonjour,\nNous aimerions un devis pour 500 kg de salicorne séchée.\nCordialement.",
    },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as ContactSubmission;
}

test.describe("admin contact messages", () => {
  test("opening a message marks it read and shows the ticket with every detail", async ({ page, request, api }) => {
    const fullName = unique("Leila Trabelsi");
    const message = await createMessage(request, fullName, "leila.trabelsi@example.com");
    const listReads: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/api/contact/submissions")) listReads.push(r.url());
    });
    await openAdmin(page, "/admin/contacts");
    await expect(page.getByRole("heading", { level: 1, name: "Messages de Contact" })).toBeVisible();
    await expect(page.getByText(/messages? au total/)).toBeVisible();
    await expect(page.getByText(/^\d+ non lus?$/)).toBeVisible();
    await expect(page.getByText(/Les réponses sont envoyées depuis la boîte/)).toBeVisible();
    await expect(page.getByText("Sélectionnez un message pour voir les détails")).toBeVisible();
    await expect(page.getByText(/^\d+ lus?$/)).toBeVisible();

    const item = page.getByRole("button", { name: new RegExp(fullName) });
    await expect(item).toContainText("Nouveau");
    await expect(item).toContainText("Devis pour 500 kg de salicorne");
    await expect(item).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    const readsBeforeOpening = listReads.length;
    await item.click();

    const ticket = page.getByRole("region", { name: /^Ticket #/ });
    await expect(ticket.getByRole("heading", { name: `Ticket #${message._id.slice(-6).toUpperCase()}` })).toBeVisible();
    await expect(ticket).toContainText(/Reçu le \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    await expect(ticket.getByRole("link", { name: "leila.trabelsi@example.com" })).toHaveAttribute(
      "href",
      "mailto:leila.trabelsi@example.com",
    );
    await expect(ticket.getByRole("link", { name: "+216 22 123 456" })).toHaveAttribute("href", "tel:+21622123456");
    await expect(ticket).toContainText("Nous aimerions un devis pour 500 kg de salicorne séchée.");
    await expect(ticket.getByLabel("Votre réponse")).toBeVisible();
    await expect(item.getByText("Nouveau")).toBeHidden();
    await expect
      .poll(async () => (await api.get<ContactSubmission[]>("/api/contact/submissions")).find((s) => s._id === message._id)?.isRead)
      .toBe(true);
    // Opening (and marking read) changes the loaded list in place: the list is not read again.
    expect(listReads).toHaveLength(readsBeforeOpening);
    await expectNoAxeViolations(page);
  });

  test("a reply typed in the inbox reaches the visitor by e-mail and is listed as 'Réponse #1'", async ({ page, request }) => {
    const fullName = unique("Karim Haddad");
    const email = `karim.${Date.now()}@example.com`;
    await createMessage(request, fullName, email);
    await openAdmin(page, "/admin/contacts");
    await page.getByRole("button", { name: new RegExp(fullName) }).click();
    const ticket = page.getByRole("region", { name: /^Ticket #/ });
    const send = ticket.getByRole("button", { name: "Envoyer la réponse" });
    await expect(send).toBeDisabled();

    await ticket.getByLabel("Votre réponse").fill("   ");
    await send.click();
    await expect(ticket.getByRole("alert")).toHaveText("Veuillez saisir votre réponse avant d'envoyer l'email.");

    const replyText = `Bonjour, voici notre offre pour la salicorne (${Date.now()}).`;
    await ticket.getByLabel("Votre réponse").fill(replyText);
    await send.click();
    await expect(ticket.getByRole("status")).toContainText("Succès !");
    await expect(ticket.getByRole("status")).toContainText("Email envoyé avec succès!");
    await expect(ticket.getByText("Réponse #1")).toBeVisible();
    await expect(ticket.getByTestId("sent-reply")).toContainText(replyText);
    await expect(ticket.getByTestId("sent-reply")).toContainText(/Envoyée le \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    await expect(ticket.getByTestId("reply-delivery")).toHaveText("Envoyé");
    await expect(ticket.getByLabel("Nouvelle réponse")).toHaveValue("");

    await expect
      .poll(() => receivedMails().filter((mail) => mail.envelopeTo.includes(email) && mail.text.includes(replyText)).length)
      .toBe(1);
    const mail = receivedMails().find((m) => m.envelopeTo.includes(email) && m.text.includes(replyText));
    expect(mail?.to).toContain(email);

    // The success banner goes away by itself after 3 s.
    await expect(ticket.getByRole("status")).toBeHidden({ timeout: 5000 });
  });

  test("a reply the mail server cannot take now is saved and queued: its own banner, 'En attente d'envoi' on the reply", async ({
    page,
    request,
  }) => {
    const fullName = unique("Nadia Gharbi");
    await createMessage(request, fullName, "nadia@tempfail.example.com");
    await openAdmin(page, "/admin/contacts");
    await page.getByRole("button", { name: new RegExp(fullName) }).click();
    const ticket = page.getByRole("region", { name: /^Ticket #/ });
    await ticket.getByLabel("Votre réponse").fill("Merci, nous revenons vers vous.");
    await ticket.getByRole("button", { name: "Envoyer la réponse" }).click();
    await expect(ticket.getByRole("status")).toContainText("Réponse enregistrée :");
    await expect(ticket.getByRole("status")).toContainText("l'envoi sera retenté automatiquement.");
    await expect(ticket.getByTestId("sent-reply")).toContainText("Merci, nous revenons vers vous.");
    await expect(ticket.getByTestId("sent-reply")).toContainText(/Rédigée le \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    await expect(ticket.getByTestId("reply-delivery")).toContainText("En attente d'envoi : nouvel essai automatique");
    await expect(ticket.getByTestId("reply-delivery")).toContainText("test refusal 451");
    await expect(page.getByRole("button", { name: new RegExp(fullName) }).getByText("Envoi en attente")).toBeVisible();
    await expect(ticket.getByLabel("Nouvelle réponse")).toHaveValue("");
    await expectNoAxeViolations(page);
  });

  test("a reply the mail server refuses for good is saved and shown 'Échec : <raison>'", async ({ page, request }) => {
    const fullName = unique("Hichem Jaziri");
    await createMessage(request, fullName, "hichem@refused.example.com");
    await openAdmin(page, "/admin/contacts");
    await page.getByRole("button", { name: new RegExp(fullName) }).click();
    const ticket = page.getByRole("region", { name: /^Ticket #/ });
    await ticket.getByLabel("Votre réponse").fill("Bonjour Hichem.");
    await ticket.getByRole("button", { name: "Envoyer la réponse" }).click();
    await expect(ticket.getByRole("alert")).toContainText("Réponse enregistrée, mais le serveur de messagerie l'a refusée");
    await expect(ticket.getByTestId("reply-delivery")).toContainText(/^Échec : .*test refusal 550/);
    await expect(page.getByRole("button", { name: new RegExp(fullName) }).getByText("Échec d'envoi")).toBeVisible();
  });

  test("the success banner can be closed by hand", async ({ page, request }) => {
    const fullName = unique("Sonia Ayari");
    await createMessage(request, fullName, "sonia.ayari@example.com");
    await openAdmin(page, "/admin/contacts");
    await page.getByRole("button", { name: new RegExp(fullName) }).click();
    const ticket = page.getByRole("region", { name: /^Ticket #/ });
    await ticket.getByLabel("Votre réponse").fill("Merci pour votre message.");
    await ticket.getByRole("button", { name: "Envoyer la réponse" }).click();
    await expect(ticket.getByRole("status")).toContainText("Email envoyé avec succès!");
    await ticket.getByRole("button", { name: "Fermer le message" }).click();
    await expect(ticket.getByRole("status")).toBeHidden();
  });

  test("deleting asks for confirmation naming the sender; Annuler keeps the message, Supprimer removes it", async ({
    page,
    request,
    api,
  }) => {
    const fullName = unique("Youssef Mansour");
    const message = await createMessage(request, fullName, "youssef.mansour@example.com");
    await openAdmin(page, "/admin/contacts");
    await page.getByRole("button", { name: new RegExp(fullName) }).click();
    const ticket = page.getByRole("region", { name: /^Ticket #/ });

    await ticket.getByRole("button", { name: "Supprimer" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Supprimer le message" });
    await expect(dialog).toContainText(fullName);
    await expect(dialog).toContainText("irréversible");
    await expectNoAxeViolations(page);
    await dialog.getByRole("button", { name: "Annuler" }).click();
    await expect(dialog).toBeHidden();
    await expect(ticket).toBeVisible();

    await ticket.getByRole("button", { name: "Supprimer" }).click();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();

    await ticket.getByRole("button", { name: "Supprimer" }).click();
    await dialog.getByRole("button", { name: "Supprimer" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("button", { name: new RegExp(fullName) })).toHaveCount(0);
    await expect(page.getByText("Sélectionnez un message pour voir les détails")).toBeVisible();
    expect((await api.get<ContactSubmission[]>("/api/contact/submissions")).some((s) => s._id === message._id)).toBe(false);
  });

  test("at 375 px selecting a message scrolls the ticket into view below the top bar", async ({ page, request }) => {
    const fullName = unique("Nadia Gharbi");
    await createMessage(request, fullName, "nadia.gharbi@example.com");
    await page.setViewportSize({ width: 375, height: 812 });
    await openAdmin(page, "/admin/contacts");
    await page.getByRole("button", { name: new RegExp(fullName) }).click();
    const ticket = page.getByRole("region", { name: /^Ticket #/ });
    await expect(ticket).toBeVisible();
    await expect.poll(async () => Math.round((await ticket.boundingBox())?.y ?? -1), { timeout: 5000 }).toBe(80);
    await checkPhoneLayout(page, "contacts-ticket");
  });
});
