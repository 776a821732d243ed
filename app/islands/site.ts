import { enhanceMenu } from "./menu";
import { recordVisits } from "./visit";

/** Loaded by every public page (a module script: runs once the document is parsed). */
enhanceMenu();
recordVisits();
