// The DataSource for the TypeORM CLI (`npm run typeorm -- migration:generate ...`): the same
// options as the app, from the same environment.
import { DataSource } from 'typeorm';
import { loadConfig } from './src/config/load-config';
import { buildDataSourceOptions } from './src/database/data-source-options';

export default new DataSource(buildDataSourceOptions(loadConfig().database));
