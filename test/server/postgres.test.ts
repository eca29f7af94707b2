// The graph server suite on PostgreSQL: a real server this test starts (initdb into
// a temp dir, a unix socket), one fresh database per test.
import { afterAll, beforeAll } from 'vitest';
import { PostgresStorage } from '../../server/postgres-storage.js';
import { startPostgres, type TestPostgres } from '../helpers/postgres.js';
import { graphServerSuite } from './suite.js';

let postgres: TestPostgres;
let n = 0;
beforeAll(() => {
  postgres = startPostgres();
}, 120_000);
afterAll(() => postgres?.stop());

graphServerSuite('PostgreSQL', async () => PostgresStorage.open(postgres.createDatabase(`suite_${++n}`)));
