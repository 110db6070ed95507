// Contract for the content domain: request and response schemas shared by the API and the web client.
export {};
