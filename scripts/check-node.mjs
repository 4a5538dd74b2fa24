// Before `npm start` and `npm test`: one line when this Node is older than the supported ones.
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 12)) {
  console.warn(
    `DoseChain supports Node 22.12 or later (24 LTS recommended); this is Node ${process.versions.node}, past its end of life: install Node 24. Trying anyway.`,
  );
}
