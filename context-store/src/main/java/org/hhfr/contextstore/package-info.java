/**
 * The context of HHFR streams: what a negotiation agreed once (URIs, operation, data structures, static SOAP
 * headers, stream characteristics) kept under an unguessable session id, so that every later message carries
 * only its payload. {@link org.hhfr.contextstore.ContextStore} is the server-side API;
 * {@link org.hhfr.contextstore.InMemoryContextStore} its default implementation;
 * {@link org.hhfr.contextstore.ResumptionTicketCache} the client's memory of sessions it may resume.
 */
package org.hhfr.contextstore;
