import { STORAGE_KEYS } from "@shared/limits";
import type { User } from "@shared/schemas/auth";
import { useSyncExternalStore } from "react";

/** "loading" on the server and during hydration; "ready" once local storage has been read. */
export type Session = { status: "loading" } | { status: "ready"; token: string | null; user: User | null };

const LOADING: Session = { status: "loading" };
const SIGNED_OUT: Session = { status: "ready", token: null, user: null };

let current: Session | undefined;
const listeners = new Set<() => void>();

function isUser(value: unknown): value is User {
  return typeof value === "object" && value !== null && typeof (value as { email?: unknown }).email === "string";
}

function clearStorage(): void {
  localStorage.removeItem(STORAGE_KEYS.token);
  localStorage.removeItem(STORAGE_KEYS.user);
}

/** docs/product.md, "Back office": both keys must exist and the user must parse; corrupt user data is logged and both keys cleared. */
function readStorage(): Session {
  const token = localStorage.getItem(STORAGE_KEYS.token);
  const rawUser = localStorage.getItem(STORAGE_KEYS.user);
  if (!token || !rawUser) return SIGNED_OUT;
  try {
    const user: unknown = JSON.parse(rawUser);
    if (!isUser(user)) throw new Error("stored user has no e-mail");
    return { status: "ready", token, user };
  } catch (error) {
    console.error("Corrupt stored user data, session cleared", error);
    clearStorage();
    return SIGNED_OUT;
  }
}

function set(next: Session): void {
  current = next;
  for (const listener of listeners) listener();
}

function getSnapshot(): Session {
  current ??= readStorage();
  return current;
}

function getServerSnapshot(): Session {
  return LOADING;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === STORAGE_KEYS.token || event.key === STORAGE_KEYS.user) set(readStorage());
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

export function useSession(): Session {
  return useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
}

export function signIn(token: string, user: User): void {
  localStorage.setItem(STORAGE_KEYS.token, token);
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  set({ status: "ready", token, user });
}

/** Sign-out and every 401: both keys removed; the guard then sends the browser to /admin/login. */
export function signOut(): void {
  clearStorage();
  set(SIGNED_OUT);
}

/**
 * The "Déconnexion" button: the server ends the session (the token is refused from then on, on every instance), then
 * the browser forgets it. A server that cannot be reached does not keep the admin signed in here.
 */
export async function logOut(): Promise<void> {
  const token = storedToken();
  try {
    if (token) await fetch("/api/auth/logout", { method: "POST", headers: { Authorization: `Bearer ${token}` }, keepalive: true });
  } catch (error) {
    console.error("Sign-out could not reach the server", error);
  } finally {
    signOut();
  }
}

/** The token is read from storage on every call, so a token removed or changed elsewhere is noticed at once. */
export function storedToken(): string | null {
  return localStorage.getItem(STORAGE_KEYS.token);
}
