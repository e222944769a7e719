import { configure } from '@testing-library/react';
// `expect(element).toBeShown()` for the web tests.
import './to-be-shown';

/**
 * `findBy…` and `waitFor` wait for a state, bounded: Testing Library's default bound of 1 s is a
 * time, and a CI machine under load can take longer than that to load a lazy screen (the staff
 * dashboard's charts) or settle a render. The bound is generous; a passing test waits only as long
 * as its state takes.
 */
configure({ asyncUtilTimeout: 10_000 });
