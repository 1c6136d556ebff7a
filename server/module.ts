import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { CallDefinition } from './calls.ts';
import type { ServerConfig } from './config.ts';
import type { Database } from './db/schema.ts';
import type { HolidaySource } from './holidays/store.ts';
import type { KvStore } from './kv-store.ts';
import type { HttpPost } from './money/delivery.ts';
import type { PeriodicJob } from './periodic-job.ts';
import type { ServiceBus } from './service/bus.ts';
import type { SmsProvider } from './sms.ts';
import type { StaffCallDefinition } from './staff/calls.ts';
import type { ObjectStorage } from './storage/index.ts';

/**
 * What a module's calls are built with. Listing the calls (api-doc, tests) passes only `sms`: the
 * modules then use stand-ins (an in-process bus, an empty holiday calendar; a call that needs the
 * object storage fails without it).
 */
export interface ModuleServices {
  sms: SmsProvider;
  serviceBus?: ServiceBus;
  holidays?: HolidaySource;
  storage?: ObjectStorage;
}

/** What a module's non-call routes get: the app's own pieces, resolved once in buildApp. */
export interface ModuleDeps {
  config: ServerConfig;
  db: Kysely<Database>;
  kv: KvStore;
  /** The app's clock (Date.now unless the caller gave one). */
  now: () => number;
  log: FastifyBaseLogger;
  sms: SmsProvider;
  serviceBus: ServiceBus;
  holidays: HolidaySource;
  storage: ObjectStorage;
  money?: { http?: HttpPost; sendAtOnce?: boolean };
  serviceStream?: { heartbeatMs?: number };
}

/** What a module's scheduled jobs get. */
export interface JobDeps {
  config: ServerConfig;
  db: Kysely<Database>;
  log: FastifyBaseLogger;
  storage: ObjectStorage;
  now?: () => number;
}

/** A module's scheduled work: started once the app is listening, stopped when it closes. */
export interface ModuleJobs {
  start(): void;
  stop(): Promise<void>;
}

/**
 * One product domain of the server, in its own folder (server/<domain>/index.ts): its player calls,
 * its staff calls, its other routes, its scheduled jobs and its seed. server/app.ts lists the modules
 * (MODULES) and wires each part; a domain never wires another's.
 */
export interface ServerModule {
  name: string;
  calls(services: ModuleServices): CallDefinition[];
  staffCalls?(services: Omit<ModuleServices, 'sms'>): StaffCallDefinition[];
  routes?(app: FastifyInstance, deps: ModuleDeps): void;
  jobs?(deps: JobDeps): ModuleJobs;
  /** Rows the domain needs on a seeded start (SEED), after the shared content (server/db/seed-content.ts). */
  seed?(db: Kysely<Database>, config: ServerConfig): Promise<unknown>;
}

/** Periodic jobs started together and stopped one after another, in the order they were started. */
export function periodicJobs(startAll: () => PeriodicJob[]): ModuleJobs {
  let running: PeriodicJob[] = [];
  return {
    start: () => {
      running = startAll();
    },
    stop: async () => {
      const jobs = running;
      running = [];
      for (const job of jobs) await job.stop();
    },
  };
}
