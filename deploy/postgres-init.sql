-- Dagster's storage beside the service's store, on the same server (deploy/compose.yaml).
CREATE DATABASE dagster OWNER invoices;
