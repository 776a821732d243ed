import { configure } from "@testing-library/react";

/**
 * The jsdom tests' `findBy…` and `waitFor` wait for a state up to 10 s instead of Testing Library's 1 s: the screens
 * load their editors and charts as chunks of their own, and on a 2-core machine busy with the API tests beside them
 * that took over a second (the rich-text editor of the page and product forms, twice in one run).
 */
configure({ asyncUtilTimeout: 10_000 });
