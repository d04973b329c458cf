// A test that opens PGlite and migrates it takes 2–4 s on a quiet machine and more than Jest's default 5 s on a loaded
// two-core CI machine: there the timeout would measure the machine, not the code.
jest.setTimeout(30_000);
