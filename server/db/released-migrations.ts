/**
 * The migrations that have been released, each with the sha256 of its text
 * (line ends as LF). A released migration is never edited: a database may
 * have applied it at any commit since, and it never runs again there, so a
 * change reaches some databases and not others (PostgreSQL's 009 and 010
 * were edited once, and a database migrated in between would have lost its
 * raw clicks). A change to the schema is a new migration. The service refuses
 * to start when a migration listed here is missing or differs
 * (migration-files.ts), and test/server/migration-hashes.test.ts fails until
 * a new migration is listed here, which is what releasing it means.
 */
import type { Dialect } from './sql';

export const RELEASED_MIGRATIONS: Record<Dialect, Readonly<Record<string, string>>> = {
  sqlite: {
    '001-core.sql': 'ec900be433a21f338e548916e6e8f3086a4e9bade6c82b66edbe6cb8b25e8a08',
    '002-clicks.sql': '0e62b45ac59ccecd4450bc04ccbc0df5137261243520675a731ef448435f64e0',
    '003-domain-checks.sql': 'e64f8529069a5aa87a46ee9faef59b1866f352c6c9562ff091149e9a5a889901',
    '004-token-lifecycle.sql': '35c17d3e229514768ca48fbe864ca0ade0609af6bddefdd956d5fd1ebffb5dac',
    '005-domain-challenge.sql': 'd51a770093826f18a249cdbce10ab7d85575ee2c439d4ba53629d5ced986eb3d',
    '006-click-pruning.sql': 'eb21b26df552d922d23841f9c9f2c714311646c292b2f272fe2a44734c686b9c',
    '007-compact-clicks.sql': 'd9887d754cea46016b3d52e2073402e5c0ceba4a8de7ae49dda4d03f81f022d4',
    '008-recent-hours.sql': '3cdc437550eef3ec232d2b8b761d0b687e2367c1ec50a775191ad101728bcc29',
    '009-bot-clicks.sql': '8cb706f0560864bb72d3485c0589fc9140c847fcfd1b5504a8b547d62a6e47d3',
  },
  postgres: {
    '001-core.sql': 'caa7997124edfffd2215261ef6e521d8e41cb2c8102cb9fa17fbf79ae5ea6863',
    '002-clicks.sql': 'b18b018066d5bf1dc2938afa6015a0ae35e1253c8e64083e0ad2aa797c4f9546',
    '003-domain-checks.sql': '26063b3ae374b67a38b6590827c65664b55675807649e25f89949eeba41c01d5',
    '004-token-lifecycle.sql': 'fb7e00494a61ff9b1b69da82fbbc2e4ba3fb3f135d8ef0aaeee987e0fdb00256',
    '005-domain-challenge.sql': '40d13505763df9955aba6eb7923d53845bb0b3dd61ab5e15c59b76dcf89a4827',
    '006-instances.sql': 'dea96eaa07938b32778578f335bc0b342a2a2423e0b8b98bacd266e3d7093b82',
    '007-domain-rate-limit.sql': 'dd3bbc695b331c1c36a92ed559d92bbc156860e30e15b51a0e9c154ea02d25b3',
    '008-click-pruning.sql': 'b3bc5fa468f55513527effb4ee8074603b4db724eedd9725c7dd9746645d01d1',
    '009-compact-clicks.sql': 'ef95650672d7e9c0fe4219c88871940590e58e36e3edbd2f36139ea8597c804a',
    '010-click-partitions.sql': '574f02e64234e36fd956536e079a768b490b947ee4cc2077302a9e957962fb05',
    '011-recent-hours.sql': 'b78f1ff37692a61d00fa19deff64e647099340377983a799897a21ef44eb990d',
    '012-bot-clicks.sql': 'fbe4be71eb4f7d12ebf1fad8ce3a34aaa32f9277d9ec3e8c42807f3955ebfe0c',
  },
};
