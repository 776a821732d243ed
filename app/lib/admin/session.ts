import { STORAGE_KEYS } from "@shared/limits";
import { roleSchema } from "@shared/roles";
import { meSchema, type User } from "@shared/schemas/auth";
import { useSyncExternalStore } from "react";

/**
 * The signed-in account as stored in the browser. A user stored before roles existed (decision 0114) has no `role`:
 * the admin layout reads it again from the server (`refreshUser`) before showing any screen.
 */
export type StoredUser = Omit<User, "role"> & { role?: User["role"] };

/** "loading" on the server and during hydration; "ready" once local storage has been read. */
export type Session = { status: "loading" } | { status: "ready"; token: string | null; user: StoredUser | null };

const LOADING: Session = { status: "loading" };
const SIGNED_OUT: Session = { status: "ready", token: null, user: null };

let current: Session | undefined;
const listeners = new Set<() => void>();

function isUser(value: unknown): value is StoredUser {
  return typeof value === "object" && value !== null && typeof (value as { email?: unknown }).email === "string";
}

/** The stored user, its `role` kept only when it is one the back office knows. */
function withKnownRole(user: StoredUser): StoredUser {
  if (roleSchema.safeParse(user.role).success) return user;
  const { role: _unknown, ...rest } = user;
  return rest;
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
    return { status: "ready", token, user: withKnownRole(user) };
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

let refreshing: Promise<void> | null = null;

/**
 * Reads the signed-in account again (`GET /api/auth/me`) and stores it when it changed: its role may have been changed
 * by an administrator since sign-in, or it was stored before roles. A 401 signs out. When the server cannot answer,
 * a stored user without a role is signed out rather than given one it may not have. Calls made while one runs share it.
 */
export function refreshUser(): Promise<void> {
  refreshing ??= readMe().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

async function readMe(): Promise<void> {
  const token = storedToken();
  if (!token) return;
  try {
    const response = await fetch("/api/auth/me", { headers: { Accept: "application/json", Authorization: `Bearer ${token}` } });
    if (response.status === 401) {
      signOut();
      return;
    }
    if (!response.ok) throw new Error(`GET /api/auth/me answered ${response.status}`);
    const { user } = meSchema.parse(await response.json());
    // Signed out or signed in as someone else meanwhile: that session is not this answer's.
    if (storedToken() !== token) return;
    if (localStorage.getItem(STORAGE_KEYS.user) !== JSON.stringify(user)) signIn(token, user);
  } catch (error) {
    console.error("The signed-in account could not be read again", error);
    const session = getSnapshot();
    if (session.status === "ready" && session.user && !session.user.role) signOut();
  }
}

/** The token is read from storage on every call, so a token removed or changed elsewhere is noticed at once. */
export function storedToken(): string | null {
  return localStorage.getItem(STORAGE_KEYS.token);
}
